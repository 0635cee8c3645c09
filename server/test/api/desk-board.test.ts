import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// BladeX DashBoardController's routes, answered from this system's records: activity from the api and
// usual logs, the caller's desk and day's sign (the usual log), the tenant's and the caller's notices.

const DASH = '/api/blade-desk/dashboard';
const NOTICE = '/api/blade-desk/notice';
const TENANT_B = '710710';
const TENANT_C = '720720';
let t: TestApp;
const db = () => t.database.db;
let reader: Caller; // reads the api and usual logs of tenant B
let clerk: Caller; // of tenant B, no codes
let other: Caller; // of tenant C
const headers = {} as Record<'reader' | 'clerk' | 'other', Record<string, string>>;

async function call(method: 'GET' | 'POST', url: string, who: Record<string, string>) {
  return t.app.inject({ method, url, headers: who });
}
async function data(method: 'GET' | 'POST', url: string, who: Record<string, string>) {
  const res = await call(method, url, who);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  expect(res.json()).toMatchObject({ code: 200, success: true });
  return res.json().data;
}

async function apiLog(caller: Caller, title: string, at = new Date()): Promise<string> {
  const id = nextId();
  await sql`insert into blade_log_api (id, tenant_id, title, method, request_uri, create_by, create_user, create_time)
    values (${id}, ${caller.tenantId}, ${title}, 'POST', '/api/x', ${caller.account}, ${caller.userId}, ${at})`.execute(
    db(),
  );
  return id;
}
async function usualLog(caller: Caller, logId: string): Promise<string> {
  const id = nextId();
  await sql`insert into blade_log_usual (id, tenant_id, log_id, log_level, create_by, create_user)
    values (${id}, ${caller.tenantId}, ${logId}, 'info', ${caller.account}, ${caller.userId})`.execute(db());
  return id;
}
async function notice(caller: Caller, title: string, releaseTime: Date): Promise<string> {
  const id = nextId();
  await sql`insert into blade_notice (id, tenant_id, title, category, release_time, content, create_user)
    values (${id}, ${caller.tenantId}, ${title}, 1, ${releaseTime}, '<p>hi</p>', ${caller.userId})`.execute(db());
  return id;
}
const day = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(db(), TENANT_B);
  await createTenant(db(), TENANT_C);
  reader = await createCaller(db(), TENANT_B, 'log-reader', ['log_api', 'log_usual']);
  clerk = await createCaller(db(), TENANT_B, 'desk-clerk', []);
  other = await createCaller(db(), TENANT_C, 'desk-other', ['log_api', 'log_usual']);
  headers.reader = await t.authFor(reader);
  headers.clerk = await t.authFor(clerk);
  headers.other = await t.authFor(other);
});
afterAll(() => t.close());

describe(`POST ${DASH}/sign and GET ${DASH}/info`, () => {
  it("signs the caller in once a day, in the usual log, and info tells it; nobody else's sign counts", async () => {
    const before = await data('GET', `${DASH}/info`, headers.clerk);
    expect(before).toMatchObject({
      userId: clerk.userId,
      account: clerk.account,
      tenantId: TENANT_B,
      tenantName: `tenant ${TENANT_B}`,
      signedToday: false,
      signTime: '',
    });
    const first = await data('POST', `${DASH}/sign`, headers.clerk);
    expect(first.first).toBe(true);
    expect(first.signTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const again = await data('POST', `${DASH}/sign`, headers.clerk);
    expect(again).toEqual({ signTime: first.signTime, first: false });
    const { rows } = await sql<{ tenant_id: string; create_by: string }>`
      select tenant_id, create_by from blade_log_usual where log_id = 'desk.sign' and create_user = ${clerk.userId}`.execute(
      db(),
    );
    expect(rows).toEqual([{ tenant_id: TENANT_B, create_by: clerk.account }]);
    expect(await data('GET', `${DASH}/info`, headers.clerk)).toMatchObject({
      signedToday: true,
      signTime: first.signTime,
    });
    // another user of the tenant, and one of another tenant, have not signed
    expect((await data('GET', `${DASH}/info`, headers.reader)).signedToday).toBe(false);
    expect((await data('GET', `${DASH}/info`, headers.other)).signedToday).toBe(false);
  });

  it('writes one sign when two calls come at once', async () => {
    const caller = await createCaller(db(), TENANT_B, 'twice-at-once', []);
    const auth = await t.authFor(caller);
    const answers = await Promise.all([data('POST', `${DASH}/sign`, auth), data('POST', `${DASH}/sign`, auth)]);
    expect(answers.map((a) => a.first).sort()).toEqual([false, true]);
    const { rows } =
      await sql`select 1 from blade_log_usual where log_id = 'desk.sign' and create_user = ${caller.userId}`.execute(
        db(),
      );
    expect(rows).toHaveLength(1);
  });
});

describe(`GET ${DASH}/activities`, () => {
  it("answers the log readers the tenant's latest activity, and everyone else their own", async () => {
    const mine = await apiLog(clerk, 'Clerk saved a refuel');
    const theirs = await apiLog(reader, 'Reader granted a role');
    const event = await usualLog(reader, 'role.grant');
    await usualLog(reader, 'web-client'); // an uploaded client error is not activity
    const old = await apiLog(clerk, 'Long ago', new Date(Date.now() - 10 * day));
    await apiLog(other, 'In tenant C');

    const all = (await data('GET', `${DASH}/activities`, headers.reader)) as Record<string, unknown>[];
    const ids = all.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([mine, theirs, event]));
    expect(ids).not.toContain(old);
    expect(all.some((a) => a.title === 'web-client' || a.title === 'In tenant C')).toBe(false);
    expect(all.find((a) => a.id === theirs)).toMatchObject({
      source: 'api',
      title: 'Reader granted a role',
      method: 'POST',
      createBy: reader.account,
    });
    expect(all.find((a) => a.id === event)).toMatchObject({ source: 'usual', title: 'role.grant' });
    const times = all.map((a) => String(a.createTime));
    expect([...times].sort().reverse()).toEqual(times);

    const own = (await data('GET', `${DASH}/activities`, headers.clerk)) as { id: string; createBy: string }[];
    expect(own.map((a) => a.id)).toContain(mine);
    expect(own.every((a) => a.createBy === clerk.account)).toBe(true);

    const c = (await data('GET', `${DASH}/activities`, headers.other)) as { title: string }[];
    expect(c.map((a) => a.title)).toEqual(['In tenant C']);
  });

  it('answers at most 20 entries', async () => {
    for (let i = 0; i < 25; i++) await apiLog(reader, `Call ${i}`);
    expect(await data('GET', `${DASH}/activities`, headers.reader)).toHaveLength(20);
  });
});

describe(`GET ${NOTICE}/notices and ${NOTICE}/my-notices`, () => {
  it("answers the tenant's released notices, newest first, and not the future's or another tenant's", async () => {
    const older = await notice(reader, 'Older', new Date(Date.now() - 2 * day));
    const newer = await notice(clerk, 'Newer', new Date(Date.now() - day));
    await notice(reader, 'Tomorrow', new Date(Date.now() + day));
    await notice(other, 'Of C', new Date(Date.now() - day));
    const list = (await data('GET', `${NOTICE}/notices`, headers.clerk)) as Record<string, unknown>[];
    expect(list.map((n) => n.id)).toEqual([newer, older]);
    expect(list[0]).toMatchObject({ title: 'Newer', category: 1, content: '<p>hi</p>' });
    expect(list[0]).toHaveProperty('categoryName');
    expect(((await data('GET', `${NOTICE}/notices?size=1`, headers.clerk)) as unknown[]).length).toBe(1);
    const c = (await data('GET', `${NOTICE}/notices`, headers.other)) as { title: string }[];
    expect(c.map((n) => n.title)).toEqual(['Of C']);
  });

  it('answers a page of the notices the caller wrote, released or not', async () => {
    const mine = (await data('GET', `${NOTICE}/my-notices`, headers.reader)) as {
      total: number;
      records: { title: string }[];
    };
    expect(mine.records.map((n) => n.title)).toEqual(['Tomorrow', 'Older']);
    expect(mine.total).toBe(2);
    const clerks = await data('GET', `${NOTICE}/my-notices`, headers.clerk);
    expect(clerks.records.map((n: { title: string }) => n.title)).toEqual(['Newer']);
  });

  it('refuses a bad size', async () => {
    for (const url of [`${NOTICE}/notices?size=0`, `${NOTICE}/notices?size=51`, `${NOTICE}/my-notices?size=abc`]) {
      const res = await call('GET', url, headers.clerk);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('who may call the desk', () => {
  it('answers 401 without a token, writing no sign', async () => {
    for (const [method, url] of [
      ['GET', `${DASH}/activities`],
      ['GET', `${DASH}/info`],
      ['POST', `${DASH}/sign`],
      ['GET', `${NOTICE}/notices`],
      ['GET', `${NOTICE}/my-notices`],
    ] as const) {
      expect((await call(method, url, {})).statusCode, url).toBe(401);
    }
    const { rows } =
      await sql`select 1 from blade_log_usual where log_id = 'desk.sign' and create_user is null`.execute(db());
    expect(rows).toEqual([]);
  });
});
