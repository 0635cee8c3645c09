import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { setValuesUpTo, valuesContaining } from '../../src/platform/db/contains-search.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createTenantDb } from '../../src/platform/tenancy/tenant-db.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const TOKEN = '/api/blade-auth/oauth/token';
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const LOG_CODES = ['log_api', 'log_error', 'log_usual', 'log_login', 'online', 'online_logout'];
const EN = { 'accept-language': 'en-US' };

let t: TestApp;
type Headers = Record<string, string>;
let adminA: Headers;
let adminB: Headers;
let platform: Headers;

function signIn(tenantId: string, username: string, password: string, headers: Headers = {}) {
  const query = new URLSearchParams({ tenantId, username, password: md5Hex(password), grant_type: 'password' });
  return t.app.inject({
    method: 'POST',
    url: `${TOKEN}?${query}`,
    headers: { authorization: SABER, 'user-agent': 'LogTest/1.0', ...headers },
  });
}
async function bearer(tenantId: string, username: string, password: string): Promise<Headers> {
  const res = await signIn(tenantId, username, password);
  expect(res.statusCode, res.body).toBe(200);
  return { 'blade-auth': `bearer ${res.json().access_token}` };
}
const get = (url: string, headers: Headers) => t.app.inject({ url, headers });
const records = async (url: string, headers: Headers) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records as Record<string, unknown>[];
};

beforeAll(async () => {
  t = await createTestApp();
  for (const tenant of ['lg0001', 'lg0002']) {
    await createTenant(t.database.db, tenant);
    const role = await createRole(t.database.db, tenant, 'log-admin', LOG_CODES);
    await createUser(t.database.db, tenant, 'boss', 'boss-pass-1', { roleIds: [role] });
  }
  adminA = await bearer('lg0001', 'boss', 'boss-pass-1');
  adminB = await bearer('lg0002', 'boss', 'boss-pass-1');
  platform = await bearer('000000', 'admin', 'admin-password');
  // A change in tenant A for its api log.
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/blade-log/usual/client-errors',
    headers: adminA,
    payload: [{ message: 'page broke', time: '1' }],
  });
  expect(changed.statusCode).toBe(200);
  await t.app.platform.audit.flush();
});
afterAll(() => t.close());

describe('GET /api/blade-log/{api,usual,login}/list', () => {
  it("shows a tenant's administrator their tenant's rows only, newest first", async () => {
    const api = await records('/api/blade-log/api/list?size=100', adminA);
    expect(api.map((r) => r.requestUri)).toContain('/api/blade-log/usual/client-errors');
    expect(api.every((r) => r.tenantId === 'lg0001')).toBe(true);
    expect(api[0]).not.toHaveProperty('params');
    const times = api.map((r) => Date.parse(String(r.createTime)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await records('/api/blade-log/api/list?size=100', adminB)).not.toContainEqual(
      expect.objectContaining({ tenantId: 'lg0001' }),
    );
    const logins = await records('/api/blade-log/login/list?size=100', adminA);
    expect(logins).toContainEqual(
      expect.objectContaining({ account: 'boss', result: 'success', userAgent: 'LogTest/1.0', grantType: 'password' }),
    );
    expect(logins.every((r) => r.tenantId === 'lg0001')).toBe(true);
    const usual = await records('/api/blade-log/usual/list?logId=auth.signIn', adminA);
    expect(usual).toContainEqual(expect.objectContaining({ logId: 'auth.signIn', createBy: 'boss' }));
  });

  it('shows the platform administrator every tenant, or the one it names', async () => {
    const all = await records('/api/blade-log/login/list?size=100', platform);
    const tenants = new Set(all.map((r) => r.tenantId));
    expect(tenants).toEqual(new Set(['lg0001', 'lg0002', '000000']));
    const one = await records('/api/blade-log/login/list?size=100&tenantId=lg0002', platform);
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((r) => r.tenantId === 'lg0002')).toBe(true);
    // Another tenant's administrator naming tenant A still reads their own.
    const named = await records('/api/blade-log/login/list?size=100&tenantId=lg0001', adminB);
    expect(named.every((r) => r.tenantId === 'lg0002')).toBe(true);
  });

  it('filters by uri, method, address, service and time, and pages on the server', async () => {
    const uri = await records('/api/blade-log/api/list?requestUri=client-err&method=post', adminA);
    expect(uri.length).toBe(1);
    expect(await records('/api/blade-log/api/list?method=GET', adminA)).toEqual([]);
    expect((await records('/api/blade-log/api/list?remoteIp=127.0.0', adminA)).length).toBe(1);
    expect((await records('/api/blade-log/api/list?remoteIp_equal=127.0.0.1', adminA)).length).toBe(1);
    expect(await records('/api/blade-log/api/list?remoteIp_equal=127.0.0', adminA)).toEqual([]);
    // Contains is case-insensitive, as BladeX's like is on MySQL.
    expect((await records('/api/blade-log/api/list?requestUri=CLIENT-Errors', adminA)).length).toBe(1);
    expect((await records('/api/blade-log/api/list?serviceId=cloud-warehouse', adminA)).length).toBe(1);
    expect(await records('/api/blade-log/api/list?serviceId=nope', adminA)).toEqual([]);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect(await records(`/api/blade-log/api/list?createTime_datege=${encodeURIComponent(future)}`, adminA)).toEqual(
      [],
    );
    const past = new Date(Date.now() - 3600_000).toISOString();
    expect(
      (await records(`/api/blade-log/api/list?createTime_datege=${encodeURIComponent(past)}`, adminA)).length,
    ).toBe(1);
    // A literal % matches itself, not everything.
    expect(await records('/api/blade-log/api/list?requestUri=%25', adminA)).toEqual([]);
    const page = (await get('/api/blade-log/login/list?size=1&current=2', platform)).json().data;
    expect(page).toMatchObject({ size: 1, current: 2 });
    expect(page.records).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
  });

  it('finds a path or an account through its values as the plain condition does, in the caller’s tenant only', async () => {
    // A path only tenant B's log holds.
    await sql`insert into blade_log_api (id, tenant_id, method, request_uri, create_time)
      values (${nextId()}, 'lg0002', 'POST', '/only/in/B', now())`.execute(t.database.db);
    expect(await records('/api/blade-log/api/list?requestUri=only/IN', adminA)).toEqual([]);
    expect((await records('/api/blade-log/api/list?requestUri=only/IN', adminB)).map((r) => r.requestUri)).toEqual([
      '/only/in/B',
    ]);
    const tenantDb = createTenantDb(t.database.db, true);
    const values = (tenant: string) =>
      tenantDb.inTenant(tenant, (trx) => valuesContaining(trx, 'blade_log_api', 'request_uri', 'only/in'));
    expect(await values('lg0001')).toEqual([]);
    expect(await values('lg0002')).toEqual(['/only/in/B']);
    const ids = async (url: string, headers: Headers) =>
      (await records(url, headers)).map((r) => r.id as string).sort();
    const same = async (headers: Headers) => {
      for (const [list, field, part] of [
        ['api', 'requestUri', 'ERRORS'],
        ['api', 'requestUri', '/api/'],
        ['login', 'account', 'bos'],
      ] as const) {
        const url = `/api/blade-log/${list}/list?size=100&${field}`;
        const found = await ids(`${url}=${part}`, headers);
        expect(found, `${list} ${part}`).toEqual(await ids(`${url}_like=${part}`, headers));
        expect(found.length, `${list} ${part}`).toBeGreaterThan(0);
      }
    };
    await same(adminA);
    await same(platform);
    // More distinct values than the search lists: the plain condition answers, with the same rows.
    const most = setValuesUpTo(1);
    try {
      await same(adminA);
      await same(platform);
      expect((await records('/api/blade-log/api/list?requestUri=only/IN', platform)).length).toBe(1);
    } finally {
      setValuesUpTo(most);
    }
  });

  it('refuses bad input with a message in the caller’s language', async () => {
    for (const url of [
      '/api/blade-log/api/list?size=0',
      '/api/blade-log/api/list?current=x',
      '/api/blade-log/api/list?createTime_datege=yesterday',
      '/api/blade-log/api/list?statusCode_equal=abc',
      '/api/blade-log/error/list?ascs=password',
      '/api/blade-log/usual/detail?id=abc',
      '/api/blade-log/usual/detail',
      `/api/blade-log/login/list?account=${'x'.repeat(201)}`,
    ]) {
      const res = await get(url, { ...adminA, ...EN });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg, url).toMatch(/[a-z]/i);
      expect(res.json().msg, url).not.toMatch(/[\u4e00-\u9fff]/);
    }
    const zh = await get('/api/blade-log/api/list?size=0', adminA);
    expect(zh.json().msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a user without the log codes', async () => {
    const role = await createRole(t.database.db, 'lg0001', 'no-logs', ['post']);
    await createUser(t.database.db, 'lg0001', 'clerk', 'clerk-pass-1', { roleIds: [role] });
    const clerk = await bearer('lg0001', 'clerk', 'clerk-pass-1');
    for (const name of ['api', 'error', 'usual', 'login', 'online']) {
      expect((await get(`/api/blade-log/${name}/list`, clerk)).statusCode, name).toBe(403);
    }
    expect((await get('/api/blade-log/api/list', {})).statusCode).toBe(401);
  });
});

describe('GET /api/blade-log/{api,error,usual,login}/detail', () => {
  it('answers the whole row to its tenant and 404 to another tenant', async () => {
    const [row] = await records('/api/blade-log/api/list?requestUri=client-errors', adminA);
    const detail = await get(`/api/blade-log/api/detail?id=${row!.id}`, adminA);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ id: row!.id, method: 'POST', userAgent: expect.any(String) });
    expect(JSON.parse(detail.json().data.params)).toMatchObject({ 0: { message: 'page broke' } });
    const other = await get(`/api/blade-log/api/detail?id=${row!.id}`, adminB);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('client-errors');
    expect((await get(`/api/blade-log/api/detail?id=${row!.id}`, platform)).statusCode).toBe(200);
    expect((await get('/api/blade-log/error/detail?id=1', adminA)).statusCode).toBe(404);
  });

  it('answers an error with its stack', async () => {
    await sql`insert into blade_log_error (id, tenant_id, method, request_uri, stack_trace, exception_name, message)
      values (7700001, 'lg0001', 'GET', '/api/x', ${'Error: boom\n    at f (/src/x.ts:1:2)'}, 'Error', 'boom')`.execute(
      t.database.db,
    );
    const res = await get('/api/blade-log/error/detail?id=7700001', adminA);
    expect(res.json().data).toMatchObject({ stackTrace: expect.stringContaining('at f'), message: 'boom' });
    expect((await records('/api/blade-log/error/list?message=boo', adminA))[0]).not.toHaveProperty('stackTrace');
    expect((await get('/api/blade-log/error/detail?id=7700001', adminB)).statusCode).toBe(404);
  });
});

describe('the login log', () => {
  it('records each refusal with its reason, and a lockout, never the password', async () => {
    const role = await createRole(t.database.db, 'lg0001', 'locked-role', ['post']);
    await createUser(t.database.db, 'lg0001', 'victim', 'victim-pass-1', { roleIds: [role] });
    // Signed in from here before: this address is the owner's, where failures lock the account.
    expect((await signIn('lg0001', 'victim', 'victim-pass-1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn('lg0001', 'victim', 'wrong-pass-1')).statusCode).toBe(400);
    const refused = await signIn('lg0001', 'victim', 'victim-pass-1');
    expect(refused.json().error_description).toBe('登录错误次数过多,请稍后再试');
    await t.app.platform.audit.flush();

    const rows = await records('/api/blade-log/login/list?account=victim&size=20', adminA);
    expect(rows.map((r) => r.result)).toEqual(['locked', ...Array(5).fill('bad_password'), 'success']);
    expect(rows[0]).toMatchObject({ message: '登录错误次数过多,请稍后再试', remoteIp: '127.0.0.1' });
    const usual = await records('/api/blade-log/usual/list?logId=auth.lockout', adminA);
    expect(usual).toContainEqual(expect.objectContaining({ createBy: 'victim', logLevel: 'warn' }));

    const { rows: stored } = await sql<{ row: string }>`
      select row_to_json(l)::text as row from blade_log_login l where account = 'victim'`.execute(t.database.db);
    const text = stored.map((r) => r.row).join('\n');
    expect(text).not.toContain(md5Hex('wrong-pass-1'));
    expect(text).not.toContain(md5Hex('victim-pass-1'));
  });

  it('files an unknown tenant under the platform, and a bad client and a bad captcha as such', async () => {
    await signIn('nosuch', 'ghost', 'ghost-pass-1');
    const badClient = await t.app.inject({
      method: 'POST',
      url: `${TOKEN}?${new URLSearchParams({ tenantId: 'lg0001', username: 'boss', password: md5Hex('x'), grant_type: 'password' })}`,
      headers: { authorization: `Basic ${Buffer.from('saber:not-the-secret').toString('base64')}` },
    });
    expect(badClient.statusCode).toBe(401);
    const captcha = await t.app.inject({
      method: 'POST',
      url: `${TOKEN}?${new URLSearchParams({ tenantId: 'lg0001', username: 'boss', password: md5Hex('x'), grant_type: 'captcha' })}`,
      headers: { authorization: SABER, 'captcha-key': 'k', 'captcha-code': 'c' },
    });
    expect(captcha.statusCode).toBe(400);
    const ghost = await records('/api/blade-log/login/list?account=ghost', platform);
    expect(ghost[0]).toMatchObject({ tenantId: '000000', loginTenant: 'nosuch', result: 'tenant_unknown' });
    const mine = await records('/api/blade-log/login/list?account=boss&size=50', adminA);
    expect(mine.map((r) => r.result)).toEqual(expect.arrayContaining(['bad_client', 'bad_captcha']));
    expect(mine.find((r) => r.result === 'bad_client')).toMatchObject({ clientId: 'saber' });
    const { rows } = await sql<{ row: string }>`select row_to_json(l)::text as row from blade_log_login l`.execute(
      t.database.db,
    );
    expect(rows.map((r) => r.row).join('\n')).not.toContain('not-the-secret');
  });
});
