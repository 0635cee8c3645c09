import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { freshDatabase } from '../support/database.ts';
import { createRole, createUser } from '../support/factories.ts';
import { WORKER_CODES } from '../support/flow.ts';
import { client, type ServerProcess, signIn, startServer } from '../support/server-process.ts';

// The workflow on two server processes sharing one PostgreSQL (and Redis): a task is claimed or
// completed exactly once whichever server is asked, and a process outlives the server it ran on.
const PASSWORD = 'flow-twin-password';
const servers: ServerProcess[] = [];
let database: OpenDatabase & { url?: string };
let a: ReturnType<typeof client>;
let b: ReturnType<typeof client>;
const tokens: Record<string, string> = {};

const start = async () => {
  const server = await startServer({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cw-flow-instance-')),
    DATABASE_URL: database.url,
    REDIS_URL: process.env.TEST_REDIS_URL,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  });
  servers.push(server);
  return server;
};

type Api = ReturnType<typeof client>;
// biome-ignore lint/suspicious/noExplicitAny: answers of several endpoints, read field by field
const json = async (res: Response) => (await res.json()) as { code: number; msg: string; data: any };

async function openTasks(instanceId: string): Promise<Record<string, string>> {
  const { rows } = await sql<{ key: string; id: string }>`select task_def_key as key, id::text from flow_task
    where instance_id = ${instanceId} and end_time is null`.execute(database.db);
  return Object.fromEntries(rows.map((r) => [r.key, r.id]));
}

async function startLeave(api: Api, days: number): Promise<string> {
  const list = await json(await api.call('/api/blade-flow/work/start-list?category=flow_1', {}, tokens.admin));
  const definition = list.data.records.find((r: { key: string }) => r.key === 'Leave').id;
  const started = await json(
    await api.post(
      '/api/blade-desk/process/leave/start-process',
      {
        processDefinitionId: definition,
        startTime: '2026-04-01 09:00:00',
        endTime: new Date(Date.parse('2026-04-01T09:00:00') + days * 86_400_000).toISOString(),
        reason: 'twin',
        taskUser: tokens.hrId,
      },
      tokens.admin!,
    ),
  );
  expect(started.code, started.msg).toBe(200);
  return String(started.data.processInstanceId);
}

const complete = (api: Api, taskId: string, token: string) =>
  api.post('/api/blade-flow/work/complete-task', { taskId, flag: 'ok' }, token);
const claim = (api: Api, taskId: string, token: string) =>
  api.call(`/api/blade-flow/work/claim-task?taskId=${taskId}`, { method: 'POST' }, token);

beforeAll(async () => {
  database = await freshDatabase();
  const [first, second] = [await start(), await start()];
  a = client(first.url);
  b = client(second.url);
  const hrRole = await createRole(database.db, '000000', 'hr', WORKER_CODES);
  tokens.hrId = await createUser(database.db, '000000', 'twin-hr', 'secret-1', { roleIds: [hrRole] });
  const { rows } = await sql<{ id: string }>`select id::text from blade_role
    where tenant_id = '000000' and role_alias = 'manager'`.execute(database.db);
  for (const name of ['twin-m1', 'twin-m2']) {
    await createUser(database.db, '000000', name, 'secret-1', { roleIds: [rows[0]!.id] });
  }
  tokens.admin = (await signIn(a, 'admin', PASSWORD)).access_token;
  tokens.hr = (await signIn(b, 'twin-hr', 'secret-1')).access_token;
  tokens.m1 = (await signIn(a, 'twin-m1', 'secret-1')).access_token;
  tokens.m2 = (await signIn(b, 'twin-m2', 'secret-1')).access_token;
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await database.close();
});

describe('the workflow on two server instances', () => {
  it('lets one of two claims made on both servers at once win', async () => {
    const instance = await startLeave(a, 1);
    expect((await complete(b, (await openTasks(instance)).hrTask!, tokens.hr!)).status).toBe(200);
    const { managerTask } = await openTasks(instance);
    const answers = await Promise.all([claim(a, managerTask!, tokens.m1!), claim(b, managerTask!, tokens.m2!)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('completes a task once when both servers are asked at once; the instance advances once', async () => {
    const instance = await startLeave(b, 5);
    const { hrTask } = await openTasks(instance);
    const answers = await Promise.all([complete(a, hrTask!, tokens.hr!), complete(b, hrTask!, tokens.hr!)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(Object.keys(await openTasks(instance))).toEqual(['bossTask']);
    const { rows } = await sql<{ n: string }>`select count(*) as n from flow_activity
      where instance_id = ${instance} and activity_id = 'bossTask'`.execute(database.db);
    expect(rows[0]!.n).toBe('1');
  });

  it('finishes on a new server a process that waited on one killed mid-way', async () => {
    const instance = await startLeave(a, 2);
    expect((await complete(a, (await openTasks(instance)).hrTask!, tokens.hr!)).status).toBe(200);
    const { managerTask } = await openTasks(instance);
    expect((await claim(a, managerTask!, tokens.m1!)).status).toBe(200);
    servers[0]!.child.kill('SIGKILL');
    await servers[0]!.exited;
    const revived = client((await start()).url);
    const done = await json(await complete(revived, managerTask!, tokens.m1!));
    expect(done.code, done.msg).toBe(200);
    const history = await json(
      await revived.call(`/api/blade-flow/process/history-flow-list?processInstanceId=${instance}`, {}, tokens.admin),
    );
    expect(history.data.map((h: { historyActivityId: string }) => h.historyActivityId)).toEqual([
      'start',
      'hrTask',
      'managerTask',
      'end',
    ]);
  });
});
