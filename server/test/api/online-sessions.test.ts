import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { connectionBypassesRls } from '../../src/platform/tenancy/tenant-db.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import { createTestApp, TEST_SEALING_KEY, TEST_SECRET, type TestApp, unusedStorage } from '../support/test-app.ts';

const TOKEN = '/api/blade-auth/oauth/token';
const ONLINE = '/api/blade-log/online';
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const EN = { 'accept-language': 'en-US' };
type Headers = Record<string, string>;

let t: TestApp;
/** A second instance on the same database and the same shared store, as behind a load balancer. */
let twin: App;
let adminA: Headers;
let adminB: Headers;
let platform: Headers;

async function signIn(app: App, tenantId: string, username: string, password: string, agent = 'OnlineTest/2.0') {
  const query = new URLSearchParams({ tenantId, username, password: md5Hex(password), grant_type: 'password' });
  const res = await app.inject({
    method: 'POST',
    url: `${TOKEN}?${query}`,
    headers: { authorization: SABER, 'user-agent': agent },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { auth: { 'blade-auth': `bearer ${body.access_token}` } as Headers, refresh: body.refresh_token as string };
}
const list = async (headers: Headers, query = '') => {
  const res = await t.app.inject({ url: `${ONLINE}/list?size=100${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records as Record<string, unknown>[];
};
const logout = (headers: Headers, ids: string) =>
  t.app.inject({ method: 'POST', url: `${ONLINE}/logout?ids=${ids}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  for (const tenant of ['on0001', 'on0002']) {
    await createTenant(t.database.db, tenant);
    const role = await createRole(t.database.db, tenant, 'online-admin', ['online', 'online_logout', 'log_usual']);
    await createUser(t.database.db, tenant, 'chief', 'chief-pass-1', { roleIds: [role] });
    const plain = await createRole(t.database.db, tenant, 'plain', ['post']);
    await createUser(t.database.db, tenant, 'worker', 'worker-pass-1', { roleIds: [plain] });
  }
  twin = await buildApp({
    config: { tokenHeader: 'Blade-Auth', apiDocs: false, webDist: '/nonexistent', uploadMaxMb: 1 },
    db: t.database.db,
    useAppRole: await connectionBypassesRls(t.database.db),
    signingSecret: TEST_SECRET,
    sealingKey: TEST_SEALING_KEY,
    store: t.app.platform.store,
    storage: unusedStorage.storage,
    rateLimits: false,
  });
  adminA = (await signIn(t.app, 'on0001', 'chief', 'chief-pass-1')).auth;
  adminB = (await signIn(t.app, 'on0002', 'chief', 'chief-pass-1')).auth;
  platform = (await signIn(t.app, '000000', 'admin', 'admin-password')).auth;
});
afterAll(async () => {
  await twin?.close();
  await t.close();
});

describe(`GET ${ONLINE}/list`, () => {
  it("lists the tenant's live sessions with who, where from and when, to its administrator only", async () => {
    await signIn(t.app, 'on0001', 'worker', 'worker-pass-1', 'Worker Browser');
    const rows = await list(adminA);
    expect(rows).toContainEqual(
      expect.objectContaining({
        account: 'worker',
        tenantId: 'on0001',
        clientId: 'saber',
        remoteIp: '127.0.0.1',
        userAgent: 'Worker Browser',
        loginTime: expect.any(String),
        lastRefresh: expect.any(String),
      }),
    );
    expect(rows.every((r) => r.tenantId === 'on0001')).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/access_token|refresh_token|eyJ/);
    expect((await list(adminB)).some((r) => r.tenantId === 'on0001')).toBe(false);
    expect((await list(adminB, '&tenantId=on0001')).some((r) => r.tenantId === 'on0001')).toBe(false);
    const all = new Set((await list(platform)).map((r) => r.tenantId));
    expect(all).toEqual(new Set(['on0001', 'on0002', '000000']));
    expect((await list(platform, '&tenantId=on0002')).every((r) => r.tenantId === 'on0002')).toBe(true);
    expect(await list(adminA, '&account=nobody')).toEqual([]);
    expect((await list(adminA, '&userAgent=Worker')).map((r) => r.account)).toEqual(['worker']);
  });

  it('drops a session once it signs out, and renews its last refresh when it refreshes', async () => {
    const session = await signIn(t.app, 'on0001', 'worker', 'worker-pass-1', 'Refreshing');
    const [row] = await list(adminA, '&userAgent=Refreshing');
    const query = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.refresh });
    // answers carry whole seconds (BladeX's yyyy-MM-dd HH:mm:ss): refresh in the next one
    await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `${TOKEN}?${query}`,
      headers: { authorization: SABER },
    });
    expect(refreshed.statusCode).toBe(200);
    const [after] = await list(adminA, '&userAgent=Refreshing');
    expect(after!.id).toBe(row!.id);
    expect(Date.parse(String(after!.lastRefresh))).toBeGreaterThan(Date.parse(String(row!.lastRefresh)));
    const auth = { 'blade-auth': `bearer ${refreshed.json().access_token}` };
    await t.app.inject({ url: '/api/blade-auth/oauth/logout', headers: auth });
    expect(await list(adminA, '&userAgent=Refreshing')).toEqual([]);
  });

  it('refuses bad input and callers without the codes', async () => {
    for (const url of [`${ONLINE}/list?size=x`, `${ONLINE}/detail?id=1`, `${ONLINE}/list?loginTime_datege=soon`]) {
      const res = await t.app.inject({ url, headers: { ...adminA, ...EN } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).not.toMatch(/[\u4e00-\u9fff]/);
    }
    for (const ids of ['', 'abc', '1,2']) {
      expect((await logout({ ...adminA, ...EN }, ids)).statusCode, ids).toBe(400);
    }
    const worker = await signIn(t.app, 'on0001', 'worker', 'worker-pass-1');
    expect((await t.app.inject({ url: `${ONLINE}/list`, headers: worker.auth })).statusCode).toBe(403);
    const [row] = await list(adminA);
    expect((await logout(worker.auth, String(row!.id))).statusCode).toBe(403);
  });
});

describe(`POST ${ONLINE}/logout (强退)`, () => {
  it('ends a session at once on every instance, and says so in the usual log', async () => {
    const victim = await signIn(twin, 'on0001', 'worker', 'worker-pass-1', 'Victim');
    expect((await twin.inject({ url: '/api/blade-user/info', headers: victim.auth })).statusCode).toBe(200);
    const [row] = await list(adminA, '&userAgent=Victim');
    expect((await logout(adminA, String(row!.id))).statusCode).toBe(200);
    // The other instance refuses it at its next call, and its refresh token is dead too.
    expect((await twin.inject({ url: '/api/blade-user/info', headers: victim.auth })).statusCode).toBe(401);
    const query = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: victim.refresh });
    const refresh = await twin.inject({ method: 'POST', url: `${TOKEN}?${query}`, headers: { authorization: SABER } });
    expect(refresh.statusCode).toBe(401);
    expect(await list(adminA, '&userAgent=Victim')).toEqual([]);
    await t.app.platform.audit.flush();
    const usual = await t.app.inject({ url: '/api/blade-log/usual/list?logId=auth.forceLogout', headers: adminA });
    expect(usual.json().data.records).toContainEqual(
      expect.objectContaining({ logId: 'auth.forceLogout', createBy: 'chief', tenantId: 'on0001' }),
    );
  });

  it("refuses another tenant's session, whole, and ends nothing", async () => {
    const victim = await signIn(t.app, 'on0001', 'worker', 'worker-pass-1', 'Guarded');
    const [row] = await list(adminA, '&userAgent=Guarded');
    const [own] = await list(adminB);
    const res = await logout(adminB, `${own!.id},${row!.id}`);
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/blade-user/info', headers: victim.auth })).statusCode).toBe(200);
    expect((await list(adminB)).map((r) => r.id)).toContain(own!.id);
    expect((await t.app.inject({ url: `${ONLINE}/detail?id=${row!.id}`, headers: adminB })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${ONLINE}/detail?id=${row!.id}`, headers: adminA })).statusCode).toBe(200);
    // The platform administrator may end any tenant's.
    expect((await logout(platform, String(row!.id))).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/blade-user/info', headers: victim.auth })).statusCode).toBe(401);
  });

  it('drops the sessions of a user whose sessions were revoked (a password reset, disabled) from the list', async () => {
    await signIn(t.app, 'on0001', 'worker', 'worker-pass-1', 'Reset');
    const [row] = await list(adminA, '&userAgent=Reset');
    await t.app.platform.sessions.revokeUser('on0001', String(row!.userId));
    expect(await list(adminA, '&userAgent=Reset')).toEqual([]);
    // Signed in again after it: listed again.
    await signIn(t.app, 'on0001', 'worker', 'worker-pass-1', 'Reset');
    expect(await list(adminA, '&userAgent=Reset')).toHaveLength(1);
  });
});
