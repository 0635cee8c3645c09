import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { setExactTotalUpTo } from '../../src/platform/db/paging.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import { bpmn, flowApi } from '../support/flow.ts';
import { type SecondDatabase, secondDatabase } from '../support/second-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The platform administrator's cross-tenant lists with tenants spread over two databases (issue 24):
 * the logs and live sessions of every tenant merged in order from the main database and a second
 * one made on the test PostgreSQL (dropped after), the revocations of a bound tenant's sessions read
 * from the main database, a deployment to several tenants written to each one's database, and the
 * answer while the second database is down.
 */
const postgres = process.env.TEST_DB === 'postgres';
const TOKEN = '/api/blade-auth/oauth/token';
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const EN = { 'accept-language': 'en' };
const BOUND = '720001';
const MAIN = '720002';
const CODES = ['log_api', 'online', 'online_logout', 'flow_manager', 'flow_deploy_upload'];
// minutes after BASE of each tenant's log rows: interleaved, so a page holds rows of both databases
const BASE = Date.parse('2026-03-02T08:00:00Z');
const BOUND_AT = [1, 3, 5, 7, 9];
const MAIN_AT = [0, 2, 4, 6, 8, 10, 11];

let t: TestApp;
let second: SecondDatabase;
let secondDb: OpenDatabase['db'];

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = t.auth()) => t.app.inject({ url, headers: { ...headers, ...EN } });
const page = async (url: string, headers?: Headers) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    records: Record<string, unknown>[];
    total: number;
    totalCapped?: true;
    unavailable?: string[];
  };
};
async function signIn(tenantId: string): Promise<{ headers: Headers; access: string }> {
  const query = new URLSearchParams({
    tenantId,
    username: `boss${tenantId}`,
    password: md5Hex('Secret-123'),
    grant_type: 'password',
  });
  const res = await t.app.inject({ method: 'POST', url: `${TOKEN}?${query}`, headers: { authorization: SABER } });
  expect(res.statusCode, res.body).toBe(200);
  const access = res.json().access_token as string;
  return { headers: { 'blade-auth': `bearer ${access}` }, access };
}
async function seedTenant(db: OpenDatabase['db'], tenantId: string, minutes: number[]) {
  const role = await createRole(db, tenantId, 'administrator', CODES);
  await createUser(db, tenantId, `boss${tenantId}`, 'Secret-123', { roleIds: [role] });
  for (const m of minutes) {
    await sql`insert into blade_log_api (id, tenant_id, title, create_time)
      values (${nextId()}, ${tenantId}, ${`spread-${m}`}, ${new Date(BASE + m * 60_000)})`.execute(db);
  }
}
const titles = (rows: Record<string, unknown>[]) => rows.map((r) => r.title);
const newestFirst = [...BOUND_AT, ...MAIN_AT].sort((a, b) => b - a).map((m) => `spread-${m}`);
const sessionsOf = async (tenantId: string, headers?: Headers) =>
  (await page(`/api/blade-log/online/list?size=100&tenantId=${tenantId}`, headers)).records.map((r) => r.id);

describe.skipIf(!postgres)('cross-tenant lists over two databases', () => {
  beforeAll(async () => {
    t = await createTestApp();
    second = await secondDatabase(t);
    for (const tenantId of [BOUND, MAIN]) await createTenant(t.database.db, tenantId);
    await second.bind(BOUND);
    secondDb = await second.db();
    await seedTenant(secondDb, BOUND, BOUND_AT);
    await seedTenant(t.database.db, MAIN, MAIN_AT);
  });
  afterAll(async () => {
    await t?.close();
    await second?.drop();
  });

  it("lists every tenant's log rows in order, the bound tenant's among them, with the totals summed", async () => {
    const list = (query: string) => page(`/api/blade-log/api/list?title=spread-&${query}`);
    const pages = [];
    for (const current of [1, 2, 3]) pages.push(await list(`size=5&current=${current}`));
    expect(pages.flatMap((p) => titles(p.records))).toEqual(newestFirst);
    expect(pages.map((p) => [p.total, p.records.length, p.unavailable])).toEqual([
      [12, 5, undefined],
      [12, 5, undefined],
      [12, 2, undefined],
    ]);
    expect((await list('size=5&current=4')).records).toEqual([]);
    expect((await list('size=5&current=4')).total).toBe(12);
    expect(titles((await list('size=4&current=2&ascs=createTime')).records)).toEqual(
      [...newestFirst].reverse().slice(4, 8),
    );
    // the tenant named: its rows only, read from its database
    const bound = await list(`size=10&tenantId=${BOUND}`);
    expect([bound.total, titles(bound.records)]).toEqual([5, [...BOUND_AT].reverse().map((m) => `spread-${m}`)]);
    const detail = await get(`/api/blade-log/api/detail?id=${bound.records[0]!.id}`);
    expect(detail.json().data).toMatchObject({ tenantId: BOUND, title: 'spread-9' });
  });

  it('caps the summed total as one database caps its own, leaving a next page', async () => {
    const previous = setExactTotalUpTo(3);
    try {
      const first = await page('/api/blade-log/api/list?title=spread-&size=2&current=1');
      // each database counts up to 4 (the bound grows with the page): 4 + 4, more beyond
      expect([first.total, first.totalCapped, titles(first.records)]).toEqual([8, true, newestFirst.slice(0, 2)]);
    } finally {
      setExactTotalUpTo(previous);
    }
  });

  it('lists no revoked session of a bound tenant, to its administrator or to the platform administrator', async () => {
    const kept = await signIn(BOUND);
    const revoked = await signIn(BOUND);
    const own = await sessionsOf(BOUND, kept.headers);
    expect(own).toHaveLength(2);
    const { rows } = await sql<{ id: string }>`select id from blade_user_session where tenant_id = ${BOUND}
      order by login_time desc limit 1`.execute(secondDb);
    // revoked without the row ending (a reused refresh token does so): only the main database knows
    await t.app.platform.sessions.revokeSession(rows[0]!.id);
    expect(await sessionsOf(BOUND, kept.headers)).toEqual(own.filter((id) => id !== rows[0]!.id));
    expect(await sessionsOf(BOUND)).toEqual(own.filter((id) => id !== rows[0]!.id));
    const everyTenant = await page('/api/blade-log/online/list?size=100');
    expect(everyTenant.records.map((r) => r.id)).not.toContain(rows[0]!.id);
    expect(everyTenant.records.map((r) => r.tenantId)).toContain(BOUND);
    expect((await get('/api/blade-log/api/list', revoked.headers)).statusCode).toBe(401);

    // a user revoked (disabled, password reset) drops all of that user's sessions there too
    const [live] = await sessionsOf(BOUND);
    const user = String(everyTenant.records.find((r) => r.id === live)!.userId);
    await t.app.platform.sessions.revokeUser(BOUND, user);
    expect(await sessionsOf(BOUND)).toEqual([]);
  });

  it("ends a bound tenant's session from the platform administrator's list (强退), in its database", async () => {
    const { headers } = await signIn(BOUND);
    const [id] = await sessionsOf(BOUND);
    const out = await t.app.inject({
      method: 'POST',
      url: `/api/blade-log/online/logout?ids=${id}`,
      headers: t.auth(),
    });
    expect(out.statusCode, out.body).toBe(200);
    const { rows } = await sql`select end_reason from blade_user_session where id = ${id}`.execute(secondDb);
    expect(rows).toEqual([{ end_reason: 'forced' }]);
    expect((await get('/api/blade-log/api/list', headers)).statusCode).toBe(401);
  });

  it("deploys to several tenants in each one's database, and the bound tenant's manager lists it", async () => {
    const process = bpmn(
      'Spread',
      `<userTask id="review" name="Review" flowable:assignee="\${taskUser}" /><endEvent id="end" />
       <sequenceFlow id="f1" sourceRef="start" targetRef="review" /><sequenceFlow id="f2" sourceRef="review" targetRef="end" />`,
    );
    const res = await flowApi(t).upload(process, { tenantIds: `${BOUND},${MAIN}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as { tenantId: string }[]).map((d) => d.tenantId)).toEqual([BOUND, MAIN]);
    const keysIn = async (db: OpenDatabase['db'], tenantId: string) =>
      (await sql`select key from flow_definition where tenant_id = ${tenantId}`.execute(db)).rows;
    expect([await keysIn(secondDb, BOUND), await keysIn(t.database.db, BOUND)]).toEqual([[{ key: 'Spread' }], []]);
    expect([await keysIn(t.database.db, MAIN), await keysIn(secondDb, MAIN)]).toEqual([[{ key: 'Spread' }], []]);
    const { headers } = await signIn(BOUND);
    const listed = await page('/api/blade-flow/manager/list?size=10', headers);
    expect([listed.total, listed.records.map((r) => r.key)]).toEqual([1, ['Spread']]);
  });

  it('answers what is up while the second database is down, naming it; what is only there answers 503', async () => {
    const boundRow = (await page(`/api/blade-log/api/list?title=spread-&tenantId=${BOUND}`)).records[0]!;
    await second.cutOff();
    try {
      const up = await page('/api/blade-log/api/list?title=spread-&size=5');
      expect([up.total, titles(up.records), up.unavailable]).toEqual([
        MAIN_AT.length,
        MAIN_AT.map((m) => `spread-${m}`)
          .reverse()
          .slice(0, 5),
        ['second'],
      ]);
      expect((await page('/api/blade-log/online/list')).unavailable).toEqual(['second']);
      for (const url of [`/api/blade-log/api/detail?id=${boundRow.id}`, `/api/blade-log/api/list?tenantId=${BOUND}`]) {
        const res = await get(url);
        expect([res.statusCode, res.json().msg], url).toEqual([
          503,
          "This tenant's database second is unavailable, please try again shortly",
        ]);
      }
    } finally {
      await second.restore();
    }
  });
});
