import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastDays } from '../../src/modules/desk/dashboard/activity.ts';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createCaller, createRole, createTenant, createUser } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const FIGURES = '/api/blade-desk/dashboard/figures';
const TOKEN = '/api/blade-auth/oauth/token';
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const TENANT_B = '500500';
const B_CODES = ['user', 'log_api', 'log_error', 'warehouse_report'];

type Figures = {
  days: string[];
  users: { total: number; signedInWeek: number } | null;
  apiCalls: number[] | null;
  errors: number[] | null;
  warehouse: Record<string, unknown> | null;
};

let t: TestApp;
let adminB: Record<string, string>;

async function figures(headers = t.auth()): Promise<Figures> {
  const res = await t.app.inject({ url: FIGURES, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Figures;
}
const today = (series: number[] | null) => series?.at(-1);

async function signIn(tenantId: string, account: string, password: string) {
  const query = new URLSearchParams({
    tenantId,
    username: account,
    password: md5Hex(password),
    grant_type: 'password',
  });
  const res = await t.app.inject({ method: 'POST', url: `${TOKEN}?${query}`, headers: { authorization: SABER } });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database.db, TENANT_B);
  adminB = await t.authFor(await createCaller(t.database.db, TENANT_B, 'dash-admin', B_CODES));
});
afterAll(() => t.close());

describe(`GET ${FIGURES}`, () => {
  it('answers the last seven days, oldest first, ending today', async () => {
    const { days } = await figures();
    expect(days).toEqual(lastDays().map((d) => d.day));
    expect(days).toHaveLength(7);
  });

  it("counts the tenant's live users, and a new one at once", async () => {
    const before = (await figures()).users!;
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from blade_user where tenant_id = '000000' and is_deleted = 0`.execute(t.database.db);
    expect(before.total).toBe(rows[0]!.n);
    await createUser(t.database.db, '000000', 'dash-new', 'secret-1');
    expect((await figures()).users!.total).toBe(before.total + 1);
    expect((await figures(adminB)).users!.total).toBe(1);
  });

  it('counts the accounts that signed in this week, each once', async () => {
    const before = (await figures()).users!.signedInWeek;
    const role = await createRole(t.database.db, '000000', 'dash-signer', []);
    await createUser(t.database.db, '000000', 'dash-signer', 'secret-2', { roleIds: [role] });
    await signIn('000000', 'dash-signer', 'secret-2');
    await signIn('000000', 'dash-signer', 'secret-2');
    expect((await figures()).users!.signedInWeek).toBe(before + 1);
    // a sign-in of eight days ago, and a refused one today, do not count
    await sql`insert into blade_log_login (id, tenant_id, account, user_id, grant_type, result, create_time)
      values (9100000000000000001, '000000', 'dash-old', 9100000000000000002, 'password', 'success',
        now() - interval '8 days'),
      (9100000000000000003, '000000', 'dash-bad', 9100000000000000004, 'password', 'bad_password', now())`.execute(
      t.database.db,
    );
    expect((await figures()).users!.signedInWeek).toBe(before + 1);
    expect((await figures(adminB)).users!.signedInWeek).toBe(0);
  });

  it("counts today's api calls and errors of the tenant only", async () => {
    await t.app.platform.audit.flush();
    const before = await figures();
    const bBefore = await figures(adminB);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/blade-desk/notice/submit',
      headers: t.auth(),
      payload: { title: 'counted', category: 1, releaseTime: '2026-01-01' },
    });
    expect(change.statusCode).toBe(200);
    await t.app.platform.audit.flush();
    await sql`insert into blade_log_error (id, tenant_id, message) values (${nextId()}, '000000', 'boom')`.execute(
      t.database.db,
    );
    // one of eight days ago is outside the range
    await sql`insert into blade_log_error (id, tenant_id, message, create_time)
      values (${nextId()}, '000000', 'old', now() - interval '8 days')`.execute(t.database.db);
    const after = await figures();
    expect(today(after.apiCalls)).toBe(today(before.apiCalls)! + 1);
    expect(today(after.errors)).toBe(today(before.errors)! + 1);
    expect(after.errors!.reduce((a, b) => a + b)).toBe(before.errors!.reduce((a, b) => a + b) + 1);
    expect(await figures(adminB)).toEqual(bBefore);
  });

  it("shows the warehouse's key figures to who may read the reports", async () => {
    const { warehouse } = await figures();
    expect(warehouse).toMatchObject({ belowSafetyStock: 0, untreatedNotices: 0 });
    expect(Number(warehouse!.stockValue)).toBe(0);
  });

  it('leaves out every part whose screen the caller lacks', async () => {
    // null, answered as BladeX answers it (null-to-empty)
    expect(await figures(t.auth(plainUser))).toMatchObject({ users: {}, apiCalls: [], errors: [], warehouse: {} });
    const onlyUsers = await t.authFor(await createCaller(t.database.db, TENANT_B, 'dash-users', ['user']));
    const answer = await figures(onlyUsers);
    expect(answer.users).toMatchObject({ total: expect.any(Number) });
    expect(answer).toMatchObject({ apiCalls: [], errors: [], warehouse: {} });
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ url: FIGURES })).statusCode).toBe(401);
  });
});
