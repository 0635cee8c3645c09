import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { createCaller } from '../support/factories.ts';
import { flowApi, type Json, memberOf, openTaskIds, WORKER_CODES } from '../support/flow.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The leave process as it ships: deployed by the seed, run by people of the platform tenant.

let t: TestApp;
let api: ReturnType<typeof flowApi>;
const as: Record<string, Record<string, string>> = {};
const people: Record<string, Caller> = {};
let definitionId: string;

beforeAll(async () => {
  t = await createTestApp();
  api = flowApi(t);
  const db = t.database.db;
  people.applicant = await createCaller(db, '000000', 'applicant', WORKER_CODES);
  people.hr = await createCaller(db, '000000', 'hr', WORKER_CODES);
  people.stranger = await createCaller(db, '000000', 'stranger', WORKER_CODES);
  for (const [name, alias] of [
    ['manager1', 'manager'],
    ['manager2', 'manager'],
    ['boss', 'boss'],
  ] as const) {
    people[name] = await memberOf(db, '000000', alias, name);
  }
  for (const [name, caller] of Object.entries(people)) as[name] = await t.authFor(caller);
  definitionId = await api.leaveDefinition(as.applicant);
});
afterAll(() => t.close());

async function startLeave(days: number): Promise<Json> {
  const res = await api.startLeave(definitionId, people.hr!.userId, days, as.applicant);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const taskOf = async (list: 'claim' | 'todo', who: string, instanceId: unknown) =>
  (await api.list(list, as[who])).find((r) => r.processInstanceId === instanceId);

describe('the leave process out of the box', () => {
  it('runs hr → manager (claimed by one member of the role) → end, with the lists and the history', async () => {
    const leave = await startLeave(2);
    expect(leave).toMatchObject({ days: 2, reason: 'family', taskUser: people.hr!.userId });
    const instanceId = leave.processInstanceId;

    const hrTask = (await taskOf('todo', 'hr', instanceId))!;
    expect(hrTask).toMatchObject({
      taskDefinitionKey: 'hrTask',
      assignee: `taskUser_${people.hr!.userId}`,
      businessTable: 'blade_process_leave',
      businessId: leave.id,
      categoryName: '请假流程',
      status: 'todo',
      processIsFinished: 'unfinished',
    });
    expect(hrTask.variables).toMatchObject({ days: 2, applyUser: `taskUser_${people.applicant!.userId}` });
    const waiting = await api.modelView(`processInstanceId=${instanceId}`, as.hr);
    expect(waiting.xml).toContain('<process id="Leave"');
    expect(waiting.flow.at(-1)).toMatchObject({ historyActivityId: 'hrTask', endTime: '' });

    const done = await api.complete(hrTask.taskId, { processInstanceId: instanceId, comment: '同意请假' }, as.hr);
    expect(done.statusCode, done.body).toBe(200);

    // both managers may claim it, nobody else sees it
    const offered = (await taskOf('claim', 'manager1', instanceId))!;
    expect(offered).toMatchObject({ taskDefinitionKey: 'managerTask', assignee: '', status: 'claim' });
    expect(await taskOf('claim', 'manager2', instanceId)).toBeDefined();
    expect(await taskOf('claim', 'boss', instanceId)).toBeUndefined();
    expect(await taskOf('claim', 'applicant', instanceId)).toBeUndefined();

    const claimed = await api.claim(offered.taskId, as.manager1);
    expect(claimed.json()).toMatchObject({ code: 200, msg: '签收事务成功' });
    const second = await api.claim(offered.taskId, as.manager2);
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toContain('已被');
    expect(await taskOf('claim', 'manager2', instanceId)).toBeUndefined();
    const managerTask = (await taskOf('todo', 'manager1', instanceId))!;
    expect(managerTask.claimTime).not.toBeNull();
    expect((await api.complete(managerTask.taskId, {}, as.manager1)).statusCode).toBe(200);

    const sent = (await api.list('send', as.applicant)).find((r) => r.processInstanceId === instanceId)!;
    expect(sent).toMatchObject({ processIsFinished: 'finished', historyActivityName: '请假流程', status: 'finish' });
    expect(sent.endTime).not.toBeNull();
    expect((await api.list('done', as.hr)).map((r) => r.taskId)).toContain(hrTask.taskId);
    expect((await api.list('done', as.manager1)).map((r) => r.taskId)).toContain(managerTask.taskId);

    const history = await api.history(instanceId, as.applicant);
    expect(history.map((h) => [h.historyActivityId, h.assignee, h.comment])).toEqual([
      ['start', `taskUser_${people.applicant!.userId}`, ''],
      ['hrTask', `taskUser_${people.hr!.userId}`, '同意请假'],
      ['managerTask', `taskUser_${people.manager1!.userId}`, '同意'],
      ['end', '', ''],
    ]);
    expect(history.every((h) => h.endTime && typeof h.historyActivityDurationTime === 'string')).toBe(true);
    const finished = await api.modelView(`processInstanceId=${instanceId}`, as.manager1);
    const taken = finished.flow.filter((f) => f.historyActivityType === 'sequenceFlow').map((f) => f.historyActivityId);
    expect(taken).toEqual(['startFlow', 'hrPassFlow', 'judgeLess', 'managerPassFlow']);
    expect(finished.flow.every((f) => f.endTime)).toBe(true);
    const detail = await api.get(`/api/blade-desk/process/leave/detail?businessId=${leave.id}`, as.applicant);
    expect(detail.json().data.flow).toMatchObject({ processIsFinished: 'finished' });
  });

  it('sends more than three days to the boss; a rejection goes back to the applicant, who closes it', async () => {
    const leave = await startLeave(5);
    const instanceId = leave.processInstanceId;
    const hrTask = (await taskOf('todo', 'hr', instanceId))!;
    await api.complete(hrTask.taskId, {}, as.hr);
    const bossTask = (await taskOf('claim', 'boss', instanceId))!;
    expect(bossTask.taskDefinitionKey).toBe('bossTask');
    expect(await taskOf('claim', 'manager1', instanceId)).toBeUndefined();
    await api.claim(bossTask.taskId, as.boss);
    const rejected = await api.complete(bossTask.taskId, { flag: 'reject', comment: '太长了' }, as.boss);
    expect(rejected.statusCode, rejected.body).toBe(200);

    const adjust = (await taskOf('todo', 'applicant', instanceId))!;
    expect(adjust.taskDefinitionKey).toBe('applyTask');
    expect((await api.complete(adjust.taskId, { flag: 'close', comment: '不请了' }, as.applicant)).statusCode).toBe(
      200,
    );
    const history = await api.history(instanceId, as.boss);
    expect(history.map((h) => [h.historyActivityId, h.comment])).toEqual([
      ['start', ''],
      ['hrTask', '同意'],
      ['bossTask', '太长了'],
      ['applyTask', '不请了'],
      ['end', ''],
    ]);
    const { rows } = await sql<{ end: string }>`select end_activity_id as end from flow_instance
      where id = ${String(instanceId)} and end_time is not null`.execute(t.database.db);
    expect(rows).toEqual([{ end: 'end' }]);
  });

  it('resubmitted after a rejection, goes round again to HR', async () => {
    const leave = await startLeave(1);
    const instanceId = leave.processInstanceId;
    await api.complete((await taskOf('todo', 'hr', instanceId))!.taskId, { flag: 'no' }, as.hr);
    const adjust = (await taskOf('todo', 'applicant', instanceId))!;
    await api.complete(adjust.taskId, { flag: 'ok', comment: '重新申请' }, as.applicant);
    expect(Object.keys(await openTaskIds(t.database.db, instanceId))).toEqual(['hrTask']);
  });

  it('counts whole days as Java does: 3 days 20 hours is 3, the manager’s', async () => {
    const leave = await startLeave(3 + 20 / 24);
    expect(leave.days).toBe(3);
    await api.complete((await taskOf('todo', 'hr', leave.processInstanceId))!.taskId, {}, as.hr);
    expect(await taskOf('claim', 'manager1', leave.processInstanceId)).toBeDefined();
  });

  it('approves without a flag only when the comment is 同意, as the original client sends it', async () => {
    const leave = await startLeave(1);
    const hrTask = (await taskOf('todo', 'hr', leave.processInstanceId))!;
    await api.post('/api/blade-flow/work/complete-task', { taskId: hrTask.taskId, comment: '不行' }, as.hr);
    expect(Object.keys(await openTaskIds(t.database.db, leave.processInstanceId))).toEqual(['applyTask']);
  });
});

describe('POST /api/blade-desk/process/leave/start-process refusals', () => {
  const counts = async () => {
    const { rows } = await sql<{ l: string; i: string }>`select (select count(*) from blade_process_leave) as l,
      (select count(*) from flow_instance) as i`.execute(t.database.db);
    return rows[0];
  };

  it('says what is missing or wrong, in the caller’s language, and writes nothing', async () => {
    const before = await counts();
    const empty = await api.post('/api/blade-desk/process/leave/start-process', {}, as.applicant);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('请选择请假流程');
    expect(empty.json().msg).toContain('请选择审批人');
    const backwards = await api.post(
      '/api/blade-desk/process/leave/start-process',
      { processDefinitionId: definitionId, startTime: '2026-03-05', endTime: '2026-03-01', reason: 'x', taskUser: '1' },
      { ...as.applicant!, 'accept-language': 'en-US' },
    );
    expect(backwards.json().msg).toBe('The end time must be after the start time');
    const nobody = await api.post(
      '/api/blade-desk/process/leave/start-process',
      {
        processDefinitionId: definitionId,
        startTime: '2026-03-01',
        endTime: '2026-03-05',
        reason: 'x',
        taskUser: '42',
      },
      as.applicant,
    );
    expect([nobody.statusCode, nobody.json().msg]).toEqual([400, '审批人 42 不是本租户的有效用户']);
    const unknown = await api.startLeave('Leave:9:1', people.hr!.userId, 1, as.applicant);
    expect(unknown.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('needs the start button (work_start_flow)', async () => {
    const viewer = await createCaller(t.database.db, '000000', 'todo-only', ['work_todo', 'work_todo_handle']);
    const res = await api.startLeave(definitionId, people.hr!.userId, 1, await t.authFor(viewer));
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/blade-desk/process/leave/detail', () => {
  it('answers the applicant and those in the process, and nobody else of the tenant', async () => {
    const leave = await startLeave(2);
    const read = (who: string) => api.get(`/api/blade-desk/process/leave/detail?businessId=${leave.id}`, as[who]);
    const own = await read('applicant');
    expect(own.json().data).toMatchObject({
      id: leave.id,
      taskUserName: people.hr!.account.slice(0, 10),
      flow: { assigneeName: people.applicant!.account.slice(0, 10), processIsFinished: 'unfinished' },
    });
    expect((await read('hr')).statusCode).toBe(200);
    // managers are candidates of no task of it yet
    expect((await read('manager1')).statusCode).toBe(404);
    expect((await read('stranger')).statusCode).toBe(404);
    expect((await api.get(`/api/blade-desk/process/leave/detail?businessId=${leave.id}`)).statusCode).toBe(200);
  });
});
