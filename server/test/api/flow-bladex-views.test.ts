import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { bpmn, flowApi, openTaskIds, WORKER_CODES } from '../support/flow.ts';
import { form } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// BladeX's check-upload, resource-view, diagram-view and delete-task, as this server answers them.

let t: TestApp;
let api: ReturnType<typeof flowApi>;
let hr: Caller;
const as: Record<string, Record<string, string>> = {};
const en = (headers: Record<string, string> = t.auth()): Record<string, string> => ({
  ...headers,
  'accept-language': 'en-US',
});
let definition: string;
let instance: string;

const simple = (key: string) =>
  bpmn(
    key,
    `<userTask id="review" name="Review" flowable:assignee="\${taskUser}" /><endEvent id="end" />
     <sequenceFlow id="f1" sourceRef="start" targetRef="review" /><sequenceFlow id="f2" sourceRef="review" targetRef="end" />`,
  );

beforeAll(async () => {
  t = await createTestApp();
  api = flowApi(t);
  const db = t.database.db;
  const applicant = await createCaller(db, '000000', 'applicant', WORKER_CODES);
  hr = await createCaller(db, '000000', 'hr', WORKER_CODES);
  as.applicant = await t.authFor(applicant);
  as.hr = await t.authFor(hr);
  as.worker = await t.authFor(await createCaller(db, '000000', 'worker', WORKER_CODES));
  as.nobody = await t.authFor(await createCaller(db, '000000', 'nobody', ['desk']));
  await createTenant(db, '400002');
  as.other = await t.authFor(await createCaller(db, '400002', 'admin', ['flow_manager', 'flow_follow_delete']));
  definition = await api.leaveDefinition();
  const leave = await api.startLeave(definition, hr.userId, 1, as.applicant);
  expect(leave.statusCode, leave.body).toBe(200);
  instance = String(leave.json().data.processInstanceId);
});
afterAll(() => t.close());

async function check(file: { bytes: string; name: string } | null, headers = en()) {
  const body = await form(file ? { file: { ...file, type: 'text/xml' } } : { category: 'flow_1' });
  return t.app.inject({
    method: 'POST',
    url: '/api/blade-flow/manager/check-upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

describe('POST /api/blade-flow/manager/check-upload', () => {
  it('answers {name, success} as BladeX, with why not, and deploys nothing', async () => {
    const before = (await api.get('/api/blade-flow/manager/list?size=100')).json().data.total;
    const good = await check({ bytes: simple('Checked'), name: 'checked.bpmn20.xml' });
    expect(good.json()).toMatchObject({
      code: 200,
      data: { name: 'checked.bpmn20.xml', success: true, msg: 'checked.bpmn20.xml can be deployed' },
    });
    const named = await check({ bytes: simple('Checked'), name: 'checked.txt' });
    expect(named.json().data).toEqual({
      name: 'checked.txt',
      success: false,
      msg: 'checked.txt is not a .bpmn20.xml or .bpmn file',
    });
    const service = await check({ bytes: bpmn('S', '<serviceTask id="s" />'), name: 's.bpmn' });
    expect(service.json().data).toMatchObject({ name: 's.bpmn', success: false });
    expect(service.json().data.msg).toContain('ServiceTask');
    const zh = await check({ bytes: '<html/>', name: 'x.bpmn20.xml' }, t.auth());
    expect(zh.json().data.success).toBe(false);
    expect(zh.json().data.msg).toContain('x.bpmn20.xml');
    expect((await api.get('/api/blade-flow/manager/list?size=100')).json().data.total).toBe(before);
  });

  it('refuses no file, a file too large, and a caller without the deploy button', async () => {
    expect((await check(null)).json()).toMatchObject({ code: 400, msg: 'Choose one BPMN file (form field "file")' });
    const big = await check({ bytes: `${simple('Big')}<!--${'x'.repeat(2 * 1024 * 1024)}-->`, name: 'big.bpmn' });
    expect(big.statusCode).toBe(413);
    expect((await check({ bytes: simple('P'), name: 'p.bpmn' }, as.worker)).statusCode).toBe(403);
  });
});

describe('GET /api/blade-flow/process/resource-view', () => {
  const view = (query: string, headers = en()) =>
    t.app.inject({ url: `/api/blade-flow/process/resource-view?${query}`, headers });

  it("answers a definition's XML, or an instance's, as a file that never runs", async () => {
    const id = encodeURIComponent(definition);
    const res = await view(`processDefinitionId=${id}&resourceType=xml`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<process id="Leave"');
    const modelView = await api.modelView(`processDefinitionId=${id}`);
    expect(res.body).toBe(modelView.xml);
    const byInstance = await view(`processInstanceId=${instance}&resourceType=xml`, as.applicant);
    expect([byInstance.statusCode, byInstance.body]).toEqual([200, modelView.xml]);
  });

  it("refuses images (BladeX's default) saying what to ask for instead, and what the caller may not see", async () => {
    const id = encodeURIComponent(definition);
    for (const query of [`processDefinitionId=${id}`, `processDefinitionId=${id}&resourceType=image`]) {
      expect((await view(query)).json()).toMatchObject({
        code: 400,
        msg: 'This server renders no diagram images: ask for resourceType=xml, or model-view for the diagram and its progress',
      });
    }
    expect((await view('resourceType=xml')).json().msg).toBe('Give processInstanceId or processDefinitionId');
    expect((await view('processDefinitionId=Leave:1:1&resourceType=xml')).statusCode).toBe(404);
    expect((await view(`processDefinitionId=${id}&resourceType=pdf`)).statusCode).toBe(400);
    // someone outside the instance, another tenant, no flow menu at all
    expect((await view(`processInstanceId=${instance}&resourceType=xml`, as.worker)).statusCode).toBe(404);
    expect((await view(`processDefinitionId=${id}&resourceType=xml`, as.other)).statusCode).toBe(404);
    expect((await view(`processDefinitionId=${id}&resourceType=xml`, as.nobody)).statusCode).toBe(403);
  });
});

describe('GET /api/blade-flow/process/diagram-view', () => {
  const view = (id: string, headers = en()) =>
    t.app.inject({ url: `/api/blade-flow/process/diagram-view?processInstanceId=${id}`, headers });

  it('draws no image: says so to those who may see the instance, 404 to others', async () => {
    const res = await view(instance, en(as.applicant));
    expect(res.json()).toMatchObject({ code: 400, success: false });
    expect(res.json().msg).toMatch(/^This server renders no diagram images/);
    expect(res.headers['content-type']).toContain('application/json');
    expect((await view(instance, as.worker)).statusCode).toBe(404);
    expect((await view(instance, as.other)).statusCode).toBe(404);
    expect((await view(instance, as.nobody)).statusCode).toBe(403);
    expect((await view('x')).statusCode).toBe(400);
  });
});

describe('POST /api/blade-flow/work/delete-task', () => {
  const remove = (taskId: string, headers = en()) =>
    t.app.inject({ method: 'POST', url: `/api/blade-flow/work/delete-task?taskId=${taskId}&reason=x`, headers });

  it("refuses a task of a running process as Flowable does, a finished one with 409, and others' with 404", async () => {
    const { hrTask } = await openTaskIds(t.database.db, instance);
    const res = await remove(hrTask!);
    expect(res.json()).toMatchObject({
      code: 400,
      msg: 'The task 人事审批 is part of a running process and cannot be deleted alone; delete the process instance in process tracking',
    });
    expect(await openTaskIds(t.database.db, instance)).toEqual({ hrTask });
    expect((await api.complete(hrTask, {}, as.hr)).statusCode).toBe(200);
    expect((await remove(hrTask!)).statusCode).toBe(409);
    expect((await remove(hrTask!, as.other)).statusCode).toBe(404);
    expect((await remove('1')).statusCode).toBe(404);
    expect((await remove(hrTask!, as.worker)).statusCode).toBe(403);
    expect((await remove('abc')).statusCode).toBe(400);
  });
});
