import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { createCaller } from '../support/factories.ts';
import { bpmn, flowApi, instanceSnapshot, openTaskIds, WORKER_CODES } from '../support/flow.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// What must not go wrong while processes run (research §1.5): who may claim and complete, at once,
// suspended, deleted, and steps that cannot go on. Processes are started through the leave form,
// which sets `taskUser` (the approver), `days` and the initiator `applyUser`.

let t: TestApp;
let api: ReturnType<typeof flowApi>;
const people: Record<string, Caller> = {};
const as: Record<string, Record<string, string>> = {};
const definitions: Record<string, string> = {};

const task = (id: string, attributes: string) => `<userTask id="${id}" name="${id}" ${attributes} />`;
const flow = (id: string, from: string, to: string, condition?: string) =>
  `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}">${
    condition ? `<conditionExpression xsi:type="tFormalExpression">${condition}</conditionExpression>` : ''
  }</sequenceFlow>`;

const PROCESSES: Record<string, string> = {
  Simple: bpmn(
    'Simple',
    `${task('review', 'flowable:assignee="${taskUser}"')}<endEvent id="end" />
     ${flow('f1', 'start', 'review')}${flow('f2', 'review', 'end')}`,
  ),
  Claimable: bpmn(
    'Claimable',
    `${task('pick', 'flowable:candidateUsers="${taskUser}" flowable:candidateGroups="picker"')}<endEvent id="end" />
     ${flow('f1', 'start', 'pick')}${flow('f2', 'pick', 'end')}`,
  ),
  Parallel: bpmn(
    'Parallel',
    `<parallelGateway id="fork" /><parallelGateway id="join" />
     ${task('a', 'flowable:assignee="${taskUser}"')}${task('b', 'flowable:assignee="${taskUser}"')}
     ${task('after', 'flowable:assignee="${taskUser}"')}<endEvent id="end" />
     ${flow('f1', 'start', 'fork')}${flow('f2', 'fork', 'a')}${flow('f3', 'fork', 'b')}
     ${flow('f4', 'a', 'join')}${flow('f5', 'b', 'join')}${flow('f6', 'join', 'after')}${flow('f7', 'after', 'end')}`,
  ),
  NoFlow: bpmn(
    'NoFlow',
    `${task('t', 'flowable:assignee="${taskUser}"')}<exclusiveGateway id="gw" /><endEvent id="end" />
     ${flow('f1', 'start', 't')}${flow('f2', 't', 'gw')}
     ${flow('f3', 'gw', 'end', '${days &gt; 10}')}${flow('f4', 'gw', 'end', '${days &lt; 0}')}`,
  ),
  Unknown: bpmn(
    'Unknown',
    `${task('t', 'flowable:assignee="${taskUser}"')}<endEvent id="end" />
     ${flow('f1', 'start', 't')}${flow('f2', 't', 'end', '${approved}')}`,
  ),
  Nobody: bpmn(
    'Nobody',
    `${task('t', 'flowable:candidateGroups="no_such_role"')}<endEvent id="end" />
     ${flow('f1', 'start', 't')}${flow('f2', 't', 'end')}`,
  ),
};

beforeAll(async () => {
  t = await createTestApp();
  api = flowApi(t);
  const db = t.database.db;
  people.applicant = await createCaller(db, '000000', 'applicant', WORKER_CODES);
  people.approver = await createCaller(db, '000000', 'approver', WORKER_CODES);
  people.other = await createCaller(db, '000000', 'other', WORKER_CODES);
  people.picker1 = await createCaller(db, '000000', 'picker', WORKER_CODES);
  people.picker2 = { ...(await createCaller(db, '000000', 'picker2', WORKER_CODES)), roleAliases: ['picker'] };
  for (const [name, caller] of Object.entries(people)) as[name] = await t.authFor(caller);
  for (const [key, xml] of Object.entries(PROCESSES)) {
    if (key !== 'Nobody') definitions[key] = String((await api.deploy(xml, { category: 'flow_1' })).id);
  }
});
afterAll(() => t.close());

/** Starts a deployed process through the leave form; answers the instance id. */
async function start(key: string, days = 1): Promise<string> {
  const res = await api.startLeave(definitions[key]!, people.approver!.userId, days, as.applicant);
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().data.processInstanceId);
}

describe('POST /api/blade-flow/work/complete-task refusals', () => {
  it('refuses someone else’s task with 403, a task not yet claimed and a completed one with 409; nothing changes', async () => {
    const instance = await start('Simple');
    const { review } = await openTaskIds(t.database.db, instance);
    const before = await instanceSnapshot(t.database.db, instance);
    const theirs = await api.complete(review, {}, { ...as.other!, 'accept-language': 'en-US' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().msg).toBe(
      `The task review is assigned to ${people.approver!.account.slice(0, 10)}; you cannot complete it`,
    );
    expect(await instanceSnapshot(t.database.db, instance)).toBe(before);

    const claimable = await start('Claimable');
    const { pick } = await openTaskIds(t.database.db, claimable);
    const unclaimed = await api.complete(pick, {}, as.approver);
    expect([unclaimed.statusCode, unclaimed.json().msg]).toEqual([409, '任务 pick 尚未签收, 请先签收']);

    expect((await api.complete(review, {}, as.approver)).statusCode).toBe(200);
    const after = await instanceSnapshot(t.database.db, instance);
    const again = await api.complete(review, {}, as.approver);
    expect([again.statusCode, again.json().msg]).toEqual([409, '任务 review 已办理']);
    expect(await instanceSnapshot(t.database.db, instance)).toBe(after);
    expect((await api.complete('123', {}, as.approver)).statusCode).toBe(404);
  });

  it('completes a task once when completed twice at the same moment: one 200, one 409, the instance advanced once', async () => {
    const instance = await start('Parallel');
    const { a } = await openTaskIds(t.database.db, instance);
    const answers = await Promise.all([api.complete(a, {}, as.approver), api.complete(a, {}, as.approver)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await sql<{ n: string }>`select count(*) as n from flow_activity
      where instance_id = ${instance} and activity_id = 'f4'`.execute(t.database.db);
    expect(rows[0]!.n).toBe('1');
  });

  it('joins parallel branches completed at the same moment into exactly one next task', async () => {
    const instance = await start('Parallel');
    const { a, b } = await openTaskIds(t.database.db, instance);
    const answers = await Promise.all([api.complete(a, {}, as.approver), api.complete(b, {}, as.approver)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await openTaskIds(t.database.db, instance)).toEqual({ after: expect.any(String) });
    await api.complete((await openTaskIds(t.database.db, instance)).after, {}, as.approver);
    const { rows } = await sql`select 1 from flow_instance where id = ${instance} and end_time is not null`.execute(
      t.database.db,
    );
    expect(rows).toHaveLength(1);
  });

  it('fails a step that cannot go on as a whole: no flow meets its condition, a variable is missing', async () => {
    const stuck = await start('NoFlow', 3);
    const before = await instanceSnapshot(t.database.db, stuck);
    const noFlow = await api.complete((await openTaskIds(t.database.db, stuck)).t, {}, as.approver);
    expect([noFlow.statusCode, noFlow.json().msg]).toEqual([400, '流程无法继续: gw 之后没有满足条件的顺序流']);
    expect(await instanceSnapshot(t.database.db, stuck)).toBe(before);

    const unknown = await start('Unknown');
    const { t: taskId } = await openTaskIds(t.database.db, unknown);
    const snapshot = await instanceSnapshot(t.database.db, unknown);
    const missing = await api.complete(taskId, {}, { ...as.approver!, 'accept-language': 'en-US' });
    expect([missing.statusCode, missing.json().msg]).toEqual([
      400,
      'The process cannot go on: There is no process variable approved',
    ]);
    expect(await instanceSnapshot(t.database.db, unknown)).toBe(snapshot);
    const given = await api.complete(taskId, { variables: { approved: true } }, as.approver);
    expect(given.statusCode, given.body).toBe(200);
    const bad = await api.complete(taskId, { variables: { 'a.b': 1 } }, as.approver);
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/blade-flow/work/claim-task', () => {
  it('lets exactly one of two simultaneous claims win; the task is the winner’s', async () => {
    const instance = await start('Claimable');
    const { pick } = await openTaskIds(t.database.db, instance);
    const answers = await Promise.all([api.claim(pick, as.picker1), api.claim(pick, as.picker2)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]!.statusCode === 200 ? people.picker1! : people.picker2!;
    const { rows } = await sql<{ assignee: string }>`select assignee_id::text as assignee from flow_task
      where id = ${pick}`.execute(t.database.db);
    expect(rows[0]!.assignee).toBe(winner.userId);
  });

  it('lets a candidate user (not only a role) claim, and refuses someone who is neither', async () => {
    const instance = await start('Claimable');
    const { pick } = await openTaskIds(t.database.db, instance);
    const outsider = await api.claim(pick, as.other);
    expect([outsider.statusCode, outsider.json().msg]).toEqual([403, '您不是任务 pick 的候选人, 不能签收']);
    expect((await api.claim(pick, as.approver)).statusCode).toBe(200);
    expect((await api.complete(pick, {}, as.approver)).statusCode).toBe(200);
    expect((await api.claim(pick, as.picker1)).statusCode).toBe(409);
  });
});

describe('a task nobody could do', () => {
  it('is refused when it would open, and nothing is deployed or started half-way', async () => {
    const deployed = await api.deploy(PROCESSES.Nobody!, { category: 'flow_1' });
    const before = await sql`select count(*) from flow_instance`.execute(t.database.db);
    const res = await api.startLeave(String(deployed.id), people.approver!.userId, 1, as.applicant);
    expect([res.statusCode, res.json().msg]).toEqual([
      400,
      '任务 t 没有人能办理: 候选组 no_such_role 不是本租户的角色',
    ]);
    expect(await sql`select count(*) from flow_instance`.execute(t.database.db)).toEqual(before);
  });
});

describe('POST /api/blade-flow/manager/change-state', () => {
  const change = (state: string, id: string) =>
    api.post(`/api/blade-flow/manager/change-state?state=${state}&processId=${encodeURIComponent(id)}`);

  it('suspends a definition and its instances: no start, claim or complete until it is active again', async () => {
    const xml = PROCESSES.Claimable!.replaceAll('Claimable', 'Suspendable');
    const id = String((await api.deploy(xml, { category: 'flow_1' })).id);
    definitions.Suspendable = id;
    const instance = await start('Suspendable');
    const { pick } = await openTaskIds(t.database.db, instance);
    expect((await change('suspend', id)).json().msg).toBe(`挂起ID为 [${id}] 的流程成功`);
    expect((await change('suspend', id)).json().msg).toBe(`ID为 [${id}] 的流程已是此状态，无需操作`);

    const refused = await api.startLeave(id, people.approver!.userId, 1, as.applicant);
    expect([refused.statusCode, refused.json().msg]).toEqual([400, '流程 Suspendable 已挂起, 不能发起或办理']);
    expect((await api.list('claim', as.picker1)).map((r) => r.taskId)).not.toContain(pick);
    const suspended = await api.claim(pick, as.picker1);
    expect([suspended.statusCode, suspended.json().msg]).toEqual([400, '流程 Suspendable 已挂起, 不能办理']);
    const follow = await api.get(`/api/blade-flow/follow/list?processInstanceId=${instance}`);
    expect(follow.json().data.records[0].suspensionState).toBe(2);

    expect((await change('active', id)).json().msg).toBe(`激活ID为 [${id}] 的流程成功`);
    expect((await api.claim(pick, as.picker1)).statusCode).toBe(200);
    expect((await change('suspend', id)).statusCode).toBe(200);
    expect((await api.complete(pick, {}, as.picker1)).statusCode).toBe(400);
    await change('active', id);
    expect((await api.complete(pick, {}, as.picker1)).statusCode).toBe(200);
  });

  it('refuses an unknown state or definition', async () => {
    expect((await change('paused', definitions.Simple!)).statusCode).toBe(400);
    expect((await change('active', 'Nope:1:1')).statusCode).toBe(404);
  });
});

describe('POST /api/blade-flow/follow/delete-process-instance', () => {
  it('ends an instance with the reason: its tasks leave every list, its history stays', async () => {
    const instance = await start('Claimable');
    const { pick } = await openTaskIds(t.database.db, instance);
    const missing = await api.post(`/api/blade-flow/follow/delete-process-instance?processInstanceId=${instance}`);
    expect([missing.statusCode, missing.json().msg]).toContain('请填写删除原因');
    const url = `/api/blade-flow/follow/delete-process-instance?processInstanceId=${instance}&deleteReason=wrong`;
    expect((await api.post(url)).statusCode).toBe(200);
    expect((await api.list('claim', as.picker1)).map((r) => r.taskId)).not.toContain(pick);
    const { rows } = await sql<{
      reason: string;
    }>`select delete_reason as reason from flow_task where id = ${pick}`.execute(t.database.db);
    expect(rows).toEqual([{ reason: 'wrong' }]);
    expect((await api.history(instance, as.applicant)).map((h) => h.historyActivityId)).toEqual(['start', 'pick']);
    const following = await api.get(`/api/blade-flow/follow/list?processInstanceId=${instance}`);
    expect(following.json().data.records).toEqual([]);
    expect((await api.post(url)).statusCode).toBe(400);
    expect((await api.claim(pick, as.picker1)).statusCode).toBe(409);
  });
});
