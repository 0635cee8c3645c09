import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { bpmn, flowApi, type Json, openTaskIds, WORKER_CODES } from '../support/flow.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Models, deployments and versions: what may be deployed, and what deploying again does to what runs.

let t: TestApp;
let api: ReturnType<typeof flowApi>;
let applicant: Caller;
let approver: Caller;
const as: Record<string, Record<string, string>> = {};
const en = () => ({ ...t.auth(), 'accept-language': 'en-US' });

const simple = (key: string, taskName: string) =>
  bpmn(
    key,
    `<userTask id="review" name="${taskName}" flowable:assignee="\${taskUser}" /><endEvent id="end" />
     <sequenceFlow id="f1" sourceRef="start" targetRef="review" /><sequenceFlow id="f2" sourceRef="review" targetRef="end" />`,
  );

beforeAll(async () => {
  t = await createTestApp();
  api = flowApi(t);
  applicant = await createCaller(t.database.db, '000000', 'applicant', WORKER_CODES);
  approver = await createCaller(t.database.db, '000000', 'approver', WORKER_CODES);
  as.applicant = await t.authFor(applicant);
  as.approver = await t.authFor(approver);
});
afterAll(() => t.close());

async function stored() {
  const { rows } = await sql<{ d: string; p: string }>`select (select count(*) from flow_definition) as d,
    (select count(*) from flow_deployment) as p`.execute(t.database.db);
  return rows[0];
}

async function start(definitionId: unknown, days = 1): Promise<string> {
  const res = await api.startLeave(String(definitionId), approver.userId, days, as.applicant);
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().data.processInstanceId);
}

describe('POST /api/blade-flow/manager/deploy-upload refusals', () => {
  it('refuses scripts, services, entities, huge files and files that are not BPMN, naming the problem; stores nothing', async () => {
    const before = await stored();
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
      <definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="P">&lol2;</process></definitions>`;
    const cases: [string, number, string][] = [
      [
        bpmn('S', '<scriptTask id="s" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>'),
        400,
        'ScriptTask',
      ],
      [bpmn('S', '<serviceTask id="s" />'), 400, 'ServiceTask'],
      [
        bpmn(
          'S',
          `<userTask id="u" flowable:assignee="a" /><sequenceFlow id="f" sourceRef="start" targetRef="u">
           <conditionExpression xsi:type="tFormalExpression" language="javascript">require('fs')</conditionExpression></sequenceFlow>`,
        ),
        400,
        'scripts never run here',
      ],
      [bomb, 400, 'DOCTYPE and entity declarations are not accepted'],
      ['<html><body>not a process</body></html>', 400, 'is not valid BPMN 2.0 XML'],
      [simple('P', 'x').replace('isExecutable="true"', 'isExecutable="false"'), 400, 'has no executable process'],
      [simple('1P', 'x'), 400, 'is not valid BPMN 2.0 XML'],
      [`${simple('Big', 'x')}<!--${'x'.repeat(10 * 1024 * 1024)}-->`, 413, 'larger than 1 MB'],
    ];
    for (const [xml, status, message] of cases) {
      const res = await api.upload([{ name: 'bad.bpmn20.xml', xml }], {}, en());
      expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
      expect(res.json().msg, message).toContain(message);
      expect(res.json().msg).toContain('bad.bpmn20.xml');
    }
    const half = await api.upload(
      [
        { name: 'good.bpmn20.xml', xml: simple('Good', 'x') },
        { name: 'bad.bpmn20.xml', xml: bpmn('Bad', '<serviceTask id="s" />') },
      ],
      {},
      en(),
    );
    expect(half.statusCode).toBe(400);
    const blank = await api.upload(simple('P', 'x'), { category: '' }, en());
    expect([blank.statusCode, blank.json().msg]).toEqual([400, 'Choose the process category']);
    const none = await api.post('/api/blade-flow/manager/deploy-upload?category=flow_1', undefined, en());
    expect([none.statusCode, none.json().msg]).toEqual([400, 'Choose the BPMN files to deploy']);
    expect(await stored()).toEqual(before);
  });

  it('needs the deploy button', async () => {
    expect((await api.upload(simple('P', 'x'), {}, as.applicant)).statusCode).toBe(403);
  });
});

describe('versions and deployments', () => {
  it('keeps a running instance on its version, starts the latest, and refuses to delete a deployment in use unless cascaded', async () => {
    const v1 = await api.deploy(simple('Versioned', 'first review'), { category: 'flow_1' });
    expect(v1).toMatchObject({ key: 'Versioned', version: 1, suspensionState: 1, categoryName: '请假流程' });
    const old = await start(v1.id);
    const v2 = await api.deploy(simple('Versioned', 'second review'), { category: 'flow_1' });
    expect(v2).toMatchObject({ version: 2 });
    expect(String(v2.id)).toMatch(/^Versioned:2:\d+$/);

    const startList = await api.get('/api/blade-flow/work/start-list?size=100', as.applicant);
    expect(
      startList
        .json()
        .data.records.filter((r: Json) => r.key === 'Versioned')
        .map((r: Json) => r.version),
    ).toEqual([2]);
    const managed = await api.get('/api/blade-flow/manager/list?key=Versioned');
    expect(managed.json().data.records.map((r: Json) => r.version)).toEqual([2, 1]);

    const todo = (await api.list('todo', as.approver)).find((r) => r.processInstanceId === old)!;
    expect([todo.taskName, todo.processDefinitionVersion]).toEqual(['first review', 1]);
    // Flowable lets an older version be started by its id, as long as it is deployed
    const onV1 = await start(v1.id);

    const refused = await api.post(
      `/api/blade-flow/manager/delete-deployment?deploymentIds=${v1.deploymentId}`,
      undefined,
      en(),
    );
    expect([refused.statusCode, refused.json().msg]).toEqual([
      400,
      `The deployment ${v1.deploymentId} still has 2 running process instances; pass cascade=true to delete them too`,
    ]);
    const cascaded = await api.post(
      `/api/blade-flow/manager/delete-deployment?deploymentIds=${v1.deploymentId}&cascade=true`,
    );
    expect(cascaded.statusCode).toBe(200);
    for (const instance of [old, onV1]) {
      const { rows } = await sql<{ reason: string }>`select delete_reason as reason from flow_instance
        where id = ${instance} and end_time is not null`.execute(t.database.db);
      expect(rows).toEqual([{ reason: '流程部署已删除' }]);
      expect(await openTaskIds(t.database.db, instance)).toEqual({});
      // its diagram and history outlive the deployment
      expect((await api.modelView(`processInstanceId=${instance}`, as.applicant)).xml).toContain('first review');
    }
    const after = await api.get('/api/blade-flow/manager/list?key=Versioned');
    expect(after.json().data.records.map((r: Json) => r.version)).toEqual([2]);
    expect((await api.startLeave(String(v1.id), approver.userId, 1, as.applicant)).statusCode).toBe(404);
    const again = await api.post(`/api/blade-flow/manager/delete-deployment?deploymentIds=${v1.deploymentId}`);
    expect(again.statusCode).toBe(404);
    // a deployment nothing runs on goes at once
    expect(
      (await api.post(`/api/blade-flow/manager/delete-deployment?deploymentIds=${v2.deploymentId}`)).statusCode,
    ).toBe(200);
  });
});

describe('/api/blade-flow/model', () => {
  // As a modeler saves it: a gateway on the days of the leave form, each way to its own task.
  const designed = bpmn(
    'Designed',
    `<userTask id="short" name="short" flowable:assignee="\${taskUser}" />
     <userTask id="long" name="long" flowable:candidateUsers="\${taskUser}" />
     <exclusiveGateway id="gw" /><endEvent id="end" />
     <sequenceFlow id="in" sourceRef="start" targetRef="gw" />
     <sequenceFlow id="toShort" sourceRef="gw" targetRef="short"><conditionExpression xsi:type="tFormalExpression">\${days &lt;= 2}</conditionExpression></sequenceFlow>
     <sequenceFlow id="toLong" sourceRef="gw" targetRef="long"><conditionExpression xsi:type="tFormalExpression">\${days &gt; 2 &amp;&amp; !(days &gt; 100)}</conditionExpression></sequenceFlow>
     <sequenceFlow id="s2" sourceRef="short" targetRef="end" /><sequenceFlow id="l2" sourceRef="long" targetRef="end" />`,
  );

  it('saves a model, answers it with its XML, versions every change, deploys it; the process runs its gateway both ways', async () => {
    const created = await api.post('/api/blade-flow/model/submit', {
      name: 'Designed',
      modelKey: 'designed',
      description: 'from the modeler',
    });
    expect(created.json().data).toMatchObject({ modelKey: 'designed', version: 1, modelEditorXml: '' });
    const id = created.json().data.id;
    const empty = await api.post(`/api/blade-flow/model/deploy?modelId=${id}&category=flow_1`);
    expect([empty.statusCode, empty.json().msg]).toEqual([400, '模型 Designed 还没有流程图, 请先设计并保存']);
    const saved = await api.post('/api/blade-flow/model/submit', { id, modelEditorXml: designed });
    expect(saved.json().data).toMatchObject({ version: 2, name: 'Designed' });
    const list = (await api.get('/api/blade-flow/model/list?modelKey=design')).json().data;
    expect(list.records).toHaveLength(1);
    expect(list.records[0].modelEditorXml).toBeUndefined();
    expect((await api.get(`/api/blade-flow/model/detail?id=${id}`)).json().data.modelEditorXml).toBe(designed);
    const taken = await api.post('/api/blade-flow/model/submit', { name: 'x', modelKey: 'designed' });
    expect([taken.statusCode, taken.json().msg]).toEqual([409, '模型标识 designed 已存在']);

    const deployed = await api.post(`/api/blade-flow/model/deploy?modelId=${id}&category=flow_1`);
    expect(deployed.statusCode, deployed.body).toBe(200);
    const definition = deployed.json().data[0];
    expect(definition).toMatchObject({ key: 'Designed', resourceName: 'designed.bpmn20.xml', category: 'flow_1' });

    const shortOne = await start(definition.id, 1);
    const longOne = await start(definition.id, 5);
    expect(Object.keys(await openTaskIds(t.database.db, shortOne))).toEqual(['short']);
    expect(Object.keys(await openTaskIds(t.database.db, longOne))).toEqual(['long']);
    const flows = async (instance: string) =>
      (await api.modelView(`processInstanceId=${instance}`, as.approver)).flow
        .filter((f) => f.historyActivityType === 'sequenceFlow')
        .map((f) => f.historyActivityId);
    expect(await flows(shortOne)).toEqual(['in', 'toShort']);
    expect(await flows(longOne)).toEqual(['in', 'toLong']);
    const definitionView = await api.modelView(
      `processDefinitionId=${encodeURIComponent(definition.id)}`,
      as.applicant,
    );
    expect(definitionView).toEqual({ xml: designed, flow: [] });

    expect((await api.post(`/api/blade-flow/model/remove?ids=${id},123`)).statusCode).toBe(404);
    expect((await api.post(`/api/blade-flow/model/remove?ids=${id}`)).statusCode).toBe(200);
    expect((await api.get(`/api/blade-flow/model/detail?id=${id}`)).statusCode).toBe(404);
    // the deployment made from it stays
    expect((await api.get(`/api/blade-flow/manager/list?key=Designed`)).json().data.total).toBe(1);
  });

  it('refuses a model without a name or with a bad key, in the caller’s language', async () => {
    const nameless = await api.post('/api/blade-flow/model/submit', { modelKey: 'fine' }, en());
    expect([nameless.statusCode, nameless.json().msg]).toEqual([400, 'Enter the model name']);
    const badKey = await api.post('/api/blade-flow/model/submit', { name: 'x', modelKey: '1 bad' }, en());
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().msg).toContain('The model key starts with a letter');
    expect((await api.post('/api/blade-flow/model/submit', { id: '123', name: 'x' })).statusCode).toBe(404);
  });
});

describe('deploying into other tenants', () => {
  it('is the platform administrator’s: one transaction for every tenant named, all or none', async () => {
    await createTenant(t.database.db, '300300');
    const both = await api.upload(simple('Shared', 'x'), { category: 'flow_2', tenantIds: '000000,300300' });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data.map((d: Json) => d.tenantId)).toEqual(['000000', '300300']);
    const before = await stored();
    const unknown = await api.upload(simple('Shared', 'x'), { tenantIds: '000000,999998' });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([400, '租户 999998 不存在']);
    expect(await stored()).toEqual(before);
    const tenantAdmin = await createCaller(t.database.db, '300300', 'deployer', ['flow_deploy_upload']);
    const foreign = await api.upload(simple('Mine', 'x'), { tenantIds: '000000' }, await t.authFor(tenantAdmin));
    expect(foreign.statusCode).toBe(403);
    const own = await api.upload(simple('Mine', 'x'), { tenantIds: '300300' }, await t.authFor(tenantAdmin));
    expect(own.json().data[0]).toMatchObject({ tenantId: '300300', version: 1 });
    expect(await stored()).toEqual({ d: String(Number(before!.d) + 1), p: String(Number(before!.p) + 1) });
  });
});
