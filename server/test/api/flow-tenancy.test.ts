import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { bpmn, flowApi, type Json, openTaskIds, WORKER_CODES } from '../support/flow.ts';
import { form } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Every route of the workflow aimed by a user of tenant B, who holds every menu and button and the
 * role alias tenant A's tasks are offered to, at tenant A's models, definitions, instances, tasks and
 * leave: nothing of A's is answered and nothing of A's changes. A flow route without a case here fails.
 */
let t: TestApp;
let api: ReturnType<typeof flowApi>;
let tenantB: Record<string, string>;
const a: Record<string, string> = {};

const ROUTE_PREFIXES = ['/api/blade-flow/', '/api/blade-desk/process/', '/api/warehouse/delivery/approval-setting'];

beforeAll(async () => {
  t = await createTestApp();
  api = flowApi(t);
  const db = t.database.db;
  // tenant A: a model, the leave process running with a task offered to `manager`, and a claimable one
  const applicant = await createCaller(db, '000000', 'applicant', WORKER_CODES);
  const hr = await createCaller(db, '000000', 'hr', WORKER_CODES);
  const asApplicant = await t.authFor(applicant);
  const model = await api.post('/api/blade-flow/model/submit', { name: 'A', modelKey: 'a_model', modelEditorXml: 'x' });
  a.model = model.json().data.id;
  a.definition = await api.leaveDefinition();
  const { rows } = await sql<{ id: string }>`select deployment_id::text as id from flow_definition
    where id = ${a.definition}`.execute(db);
  a.deployment = rows[0]!.id;
  const leave = (await api.startLeave(a.definition, hr.userId, 1, asApplicant)).json().data;
  a.leave = leave.id;
  a.instance = leave.processInstanceId;
  const { hrTask } = await openTaskIds(db, a.instance);
  await api.complete(hrTask, {}, await t.authFor(hr));
  a.task = (await openTaskIds(db, a.instance)).managerTask!;
  await api.post('/api/warehouse/delivery/approval-setting', { enabled: 0, threshold: 7 });

  await createTenant(db, '400001');
  const { rows: menus } = await sql<{ code: string }>`select code from blade_menu where is_deleted = 0`.execute(db);
  const b: Caller = await createCaller(
    db,
    '400001',
    'manager',
    menus.map((m) => m.code),
  );
  tenantB = await t.authFor(b);
});
afterAll(() => t.close());

/** Tenant A's rows of the workflow, as they are. */
async function tenantA(): Promise<string> {
  const tables = ['flow_model', 'flow_deployment', 'flow_definition', 'flow_instance', 'flow_task', 'flow_activity'];
  const all: Record<string, unknown> = {};
  for (const table of [...tables, 'flow_comment', 'blade_process_leave', 'wh_outbound_approval']) {
    all[table] = (
      await sql`select * from ${sql.table(table)} where tenant_id = '000000' order by 1`.execute(t.database.db)
    ).rows;
  }
  return JSON.stringify(all);
}

type Attack = () => Promise<{ statusCode: number; body: string }>;
const get = (url: string) => () => t.app.inject({ url, headers: tenantB });
const post = (url: string, payload?: object) => () =>
  t.app.inject({ method: 'POST', url, headers: tenantB, ...(payload ? { payload } : {}) });

/** Each route: what B tries, and the statuses B may get (a list answers B's own, empty of A's). */
const ATTACKS: Record<string, [Attack, number[]]> = {
  'GET /api/blade-flow/model/list': [get('/api/blade-flow/model/list?size=1000'), [200]],
  'GET /api/blade-flow/model/detail': [() => get(`/api/blade-flow/model/detail?id=${a.model}`)(), [404]],
  'POST /api/blade-flow/model/submit': [
    () => post('/api/blade-flow/model/submit', { id: a.model, name: 'B' })(),
    [404],
  ],
  'POST /api/blade-flow/model/remove': [() => post(`/api/blade-flow/model/remove?ids=${a.model}`)(), [404]],
  'POST /api/blade-flow/model/deploy': [
    () => post(`/api/blade-flow/model/deploy?modelId=${a.model}&category=flow_1&tenantIds=000000`)(),
    [404],
  ],
  'GET /api/blade-flow/manager/list': [get('/api/blade-flow/manager/list?size=1000'), [200]],
  'POST /api/blade-flow/manager/change-state': [
    () => post(`/api/blade-flow/manager/change-state?state=suspend&processId=${encodeURIComponent(a.definition!)}`)(),
    [404],
  ],
  'POST /api/blade-flow/manager/deploy-upload': [
    async () => {
      const xml = bpmn('Intruder', '<endEvent id="end" /><sequenceFlow id="f" sourceRef="start" targetRef="end" />');
      return api.upload(xml, { tenantIds: '000000' }, tenantB);
    },
    [403],
  ],
  'POST /api/blade-flow/manager/check-upload': [
    async () => {
      const body = await form({ file: { bytes: '<definitions/>', name: 'x.bpmn20.xml', type: 'text/xml' } });
      return t.app.inject({
        method: 'POST',
        url: '/api/blade-flow/manager/check-upload',
        headers: { ...tenantB, ...body.headers },
        payload: body.payload,
      });
    },
    [200],
  ],
  'GET /api/blade-flow/process/resource-view': [
    async () => {
      const definition = encodeURIComponent(a.definition!);
      const byDefinition = await get(
        `/api/blade-flow/process/resource-view?processDefinitionId=${definition}&resourceType=xml`,
      )();
      expect(byDefinition.statusCode).toBe(404);
      return get(`/api/blade-flow/process/resource-view?processInstanceId=${a.instance}&resourceType=xml`)();
    },
    [404],
  ],
  'GET /api/blade-flow/process/diagram-view': [
    () => get(`/api/blade-flow/process/diagram-view?processInstanceId=${a.instance}`)(),
    [404],
  ],
  'POST /api/blade-flow/work/delete-task': [
    () => post(`/api/blade-flow/work/delete-task?taskId=${a.task}&reason=B`)(),
    [404],
  ],
  'POST /api/blade-flow/manager/delete-deployment': [
    () => post(`/api/blade-flow/manager/delete-deployment?deploymentIds=${a.deployment}&cascade=true`)(),
    [404],
  ],
  'GET /api/blade-flow/follow/list': [
    () => get(`/api/blade-flow/follow/list?processInstanceId=${a.instance}`)(),
    [200],
  ],
  'POST /api/blade-flow/follow/delete-process-instance': [
    () => post(`/api/blade-flow/follow/delete-process-instance?processInstanceId=${a.instance}&deleteReason=B`)(),
    [404],
  ],
  'GET /api/blade-flow/process/model-view': [
    async () => {
      const byDefinition = await get(
        `/api/blade-flow/process/model-view?processDefinitionId=${encodeURIComponent(a.definition!)}`,
      )();
      expect(byDefinition.statusCode).toBe(404);
      return get(`/api/blade-flow/process/model-view?processInstanceId=${a.instance}`)();
    },
    [404],
  ],
  'GET /api/blade-flow/process/history-flow-list': [
    () => get(`/api/blade-flow/process/history-flow-list?processInstanceId=${a.instance}`)(),
    [404],
  ],
  'GET /api/blade-flow/work/start-list': [get('/api/blade-flow/work/start-list?size=1000'), [200]],
  'GET /api/blade-flow/work/claim-list': [get('/api/blade-flow/work/claim-list?size=1000'), [200]],
  'GET /api/blade-flow/work/todo-list': [get('/api/blade-flow/work/todo-list?size=1000'), [200]],
  'GET /api/blade-flow/work/send-list': [get('/api/blade-flow/work/send-list?size=1000'), [200]],
  'GET /api/blade-flow/work/done-list': [get('/api/blade-flow/work/done-list?size=1000'), [200]],
  'POST /api/blade-flow/work/claim-task': [() => post(`/api/blade-flow/work/claim-task?taskId=${a.task}`)(), [404]],
  'POST /api/blade-flow/work/complete-task': [
    () => post('/api/blade-flow/work/complete-task', { taskId: a.task, processInstanceId: a.instance, flag: 'ok' })(),
    [404],
  ],
  'POST /api/blade-desk/process/leave/start-process': [
    () =>
      post('/api/blade-desk/process/leave/start-process', {
        processDefinitionId: a.definition,
        startTime: '2026-03-01',
        endTime: '2026-03-02',
        reason: 'B',
        taskUser: '1123598821738675201',
      })(),
    [400, 404],
  ],
  'GET /api/blade-desk/process/leave/detail': [
    () => get(`/api/blade-desk/process/leave/detail?businessId=${a.leave}`)(),
    [404],
  ],
  'GET /api/warehouse/delivery/approval-setting': [get('/api/warehouse/delivery/approval-setting'), [200]],
  'POST /api/warehouse/delivery/approval-setting': [
    post('/api/warehouse/delivery/approval-setting', { enabled: 0, threshold: 99 }),
    [200],
  ],
};

describe('the workflow across tenants', () => {
  it('has a case for every workflow route the server registers', () => {
    const routes = t.app.platform.routes
      .filter((r) => ROUTE_PREFIXES.some((p) => r.url.startsWith(p)))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => !ATTACKS[r])).toEqual([]);
  });

  it('answers tenant B nothing of tenant A’s and lets B claim, complete, suspend or delete nothing of A’s', async () => {
    const before = await tenantA();
    const secrets = () => [a.model, a.definition, a.instance, a.task, a.leave, a.deployment].map(String);
    for (const [route, [attack, statuses]] of Object.entries(ATTACKS)) {
      const res = await attack();
      expect(statuses, `${route}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      // a refusal may repeat the id B sent; an answer must hold nothing of A's
      if (res.statusCode !== 200) continue;
      for (const secret of secrets()) expect(res.body, `${route} tells ${secret}`).not.toContain(secret);
    }
    expect(await tenantA()).toBe(before);
    // and tenant A still works its own: the fixture was real
    const own = (await api.get(`/api/blade-flow/process/history-flow-list?processInstanceId=${a.instance}`)).json();
    expect(own.data.map((h: Json) => h.historyActivityId)).toEqual(['start', 'hrTask', 'managerTask']);
    const setting = await api.get('/api/warehouse/delivery/approval-setting');
    expect(setting.json().data.threshold).toBe('7.000');
  });
});
