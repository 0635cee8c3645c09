import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { createMemoryStore } from '../../src/platform/store/memory-store.ts';
import { connectionBypassesRls } from '../../src/platform/tenancy/tenant-db.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import { createTestApp, TEST_SEALING_KEY, TEST_SECRET, type TestApp, unusedStorage } from '../support/test-app.ts';

const TOKEN = '/api/blade-auth/oauth/token';
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Login {
  tenantId?: string;
  username?: string;
  password?: string;
  grant_type?: string;
  refresh_token?: string;
}

/** Signs in as Saber does: parameters in the query, the typed password sent as its md5. */
function token(params: Login, headers: Record<string, string> = {}) {
  const query = new URLSearchParams({ scope: 'all', type: 'account', grant_type: 'password', ...params } as Record<
    string,
    string
  >);
  if (params.password !== undefined) query.set('password', md5Hex(params.password));
  return t.app.inject({ method: 'POST', url: `${TOKEN}?${query}`, headers: { authorization: SABER, ...headers } });
}
const adminLogin = (headers: Record<string, string> = {}) =>
  token({ tenantId: '000000', username: 'admin', password: 'admin-password' }, headers);
const bearer = (accessToken: string) => ({ 'blade-auth': `bearer ${accessToken}` });

describe(`POST ${TOKEN} (password grant)`, () => {
  it('answers the flat BladeX token answer, without any password', async () => {
    const res = await adminLogin();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'all',
      tenant_id: '000000',
      user_id: '1123598821738675201',
      user_name: 'admin',
      account: 'admin',
      nick_name: '管理员',
      role_name: 'administrator',
      role_id: '1123598816738675201',
      dept_id: '1123598813738675201',
      client_id: 'saber',
      detail: { type: 'web' },
    });
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refresh_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
    const info = await t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers: bearer(body.access_token) });
    expect(info.json()).toMatchObject({
      code: 200,
      data: { tenantId: '000000', account: 'admin', roleName: 'administrator' },
    });
    expect(info.body).not.toMatch(/argon2|"password"/i);
  });

  it('reads the same parameters from a form body and the tenant from the Tenant-Id header', async () => {
    const form = new URLSearchParams({ grant_type: 'password', username: 'admin', password: md5Hex('admin-password') });
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      headers: { authorization: SABER, 'tenant-id': '000000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().tenant_id).toBe('000000');
  });

  it('refuses a missing or wrong client with 401 invalid_client', async () => {
    for (const authorization of [
      undefined,
      `Basic ${Buffer.from('saber:wrong').toString('base64')}`,
      'Basic !!!',
      `Basic ${Buffer.from('nobody:x').toString('base64')}`,
    ]) {
      const res = await token(
        { tenantId: '000000', username: 'admin', password: 'admin-password' },
        authorization ? { authorization } : { authorization: '' },
      );
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_client', error_description: '客户端认证失败' });
    }
  });

  it('refuses an unknown grant type and a missing tenant, in the caller’s language', async () => {
    const grant = await token(
      { tenantId: '000000', username: 'admin', password: 'x', grant_type: 'magic' },
      { 'accept-language': 'en' },
    );
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toEqual({ error: 'invalid_request', error_description: 'Unsupported grant type: magic' });
    const tenant = await token({ username: 'admin', password: 'admin-password' });
    expect(tenant.json()).toEqual({ error: 'invalid_grant', error_description: '租户ID未找到' });
  });

  it('answers a body it cannot read (not JSON) with the error envelope and its message, whole', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      headers: { authorization: SABER, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: expect.stringMatching(/JSON/) });
  });

  it('says so for an unknown, an expired and a disabled tenant', async () => {
    await createTenant(t.database.db, '100001', { expireTime: new Date(Date.now() - 1000) });
    await createTenant(t.database.db, '100002', { status: 0 });
    const cases = [
      ['999999', '未获得用户的租户信息'],
      ['100001', '租户授权已过期,请联系管理员'],
      ['100002', '租户已被停用,请联系管理员'],
    ];
    for (const [tenantId, message] of cases) {
      const res = await token({ tenantId, username: 'admin', password: 'admin-password' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe(message);
    }
  });

  it('answers the same message for an unknown account and a wrong password', async () => {
    const unknown = await token({ tenantId: '000000', username: 'ghost', password: 'whatever1' });
    const wrong = await token({ tenantId: '000000', username: 'admin', password: 'wrong-password' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses a disabled user and a user without a live role, each clearly, after the password', async () => {
    const roleId = await createRole(t.database.db, '000000', 'clerk');
    await createUser(t.database.db, '000000', 'disabled-user', 'secret-1', { roleIds: [roleId], status: 0 });
    await createUser(t.database.db, '000000', 'roleless', 'secret-1', { roleIds: ['42'] });
    const disabled = await token(
      { tenantId: '000000', username: 'disabled-user', password: 'secret-1' },
      { 'accept-language': 'en' },
    );
    expect(disabled.json().error_description).toBe('This account is disabled, please contact the administrator');
    const wrongPassword = await token({ tenantId: '000000', username: 'disabled-user', password: 'nope-nope' });
    expect(wrongPassword.json().error_description).toBe('用户名或密码错误');
    const roleless = await token({ tenantId: '000000', username: 'roleless', password: 'secret-1' });
    expect(roleless.json().error_description).toBe('未获得用户的角色信息');
  });

  it('accepts a legacy sha1(md5) hash once and replaces it with argon2id', async () => {
    const roleId = await createRole(t.database.db, '000000', 'migrated');
    const id = await createUser(t.database.db, '000000', 'migrated', 'old-secret', {
      roleIds: [roleId],
      legacyHash: true,
    });
    const stored = async () =>
      (await sql<{ password: string }>`select password from blade_user where id = ${id}`.execute(t.database.db)).rows[0]
        ?.password;
    expect(await stored()).toMatch(/^[0-9a-f]{40}$/);
    expect((await token({ tenantId: '000000', username: 'migrated', password: 'old-secret' })).statusCode).toBe(200);
    expect(await stored()).toMatch(/^\$argon2id\$/);
    expect((await token({ tenantId: '000000', username: 'migrated', password: 'old-secret' })).statusCode).toBe(200);
    expect((await token({ tenantId: '000000', username: 'migrated', password: 'wrong-one' })).statusCode).toBe(400);
  });

  it('narrows the session to a chosen role and dept of the user, and refuses others', async () => {
    const a = await createRole(t.database.db, '000000', 'role-a');
    const b = await createRole(t.database.db, '000000', 'role-b');
    await createUser(t.database.db, '000000', 'switcher', 'secret-1', { roleIds: [a, b], deptIds: ['11', '12'] });
    const narrowed = await token(
      { tenantId: '000000', username: 'switcher', password: 'secret-1' },
      { 'role-id': b, 'dept-id': '12' },
    );
    expect(narrowed.json()).toMatchObject({ role_id: b, role_name: 'role-b', dept_id: '12' });
    const foreign = await token(
      { tenantId: '000000', username: 'switcher', password: 'secret-1' },
      { 'role-id': '1123598816738675201' },
    );
    expect(foreign.json().error_description).toBe('所选角色不属于该用户');
  });
});

describe('lockout (issue 16 item 14: it hurts the attacker, not the owner)', () => {
  const LOCKED = '登录错误次数过多,请稍后再试';
  const CAPTCHA = '登录失败次数过多,请输入验证码后再试';
  const OWNER = '192.0.2.10';
  const ATTACKER = '203.0.113.66';
  /** Signs in from an address, with the captcha grant when a right answer is wanted. */
  async function from(address: string, params: Login, withCaptcha = false) {
    const headers: Record<string, string> = {};
    if (withCaptcha) {
      const { key } = (await t.app.inject({ url: '/api/blade-auth/oauth/captcha' })).json();
      headers['captcha-key'] = key;
      headers['captcha-code'] = (await t.app.platform.store.get(`captcha:${key}`))!;
    }
    const query = new URLSearchParams({
      scope: 'all',
      grant_type: withCaptcha ? 'captcha' : 'password',
      ...params,
    } as Record<string, string>);
    if (params.password !== undefined) query.set('password', md5Hex(params.password));
    return t.app.inject({
      method: 'POST',
      url: `${TOKEN}?${query}`,
      remoteAddress: address,
      headers: { authorization: SABER, ...headers },
    });
  }
  const said = async (answer: Promise<{ json(): { error_description?: string } }>) =>
    (await answer).json().error_description;

  it('an unknown address: the captcha after account.failCount failures, and the account stays open to its owner', async () => {
    const roleId = await createRole(t.database.db, '000000', 'lock-role', ['user', 'user_unlock']);
    await createUser(t.database.db, '000000', 'locky', 'right-pass', { roleIds: [roleId] });
    const locky = (password: string) => ({ tenantId: '000000', username: 'locky', password });
    expect((await from(OWNER, locky('right-pass'))).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect(await said(from(ATTACKER, locky('wrong-pass')))).toBe('用户名或密码错误');
    // the attacker's next guesses are refused before any password check, right or wrong
    const refused = await from(ATTACKER, locky('right-pass'));
    expect(refused.json().error_description).toBe(CAPTCHA);
    expect(refused.headers['error-key']).toBe('auth.captcha.required');
    expect((await from(OWNER, locky('right-pass'))).statusCode).toBe(200);
    // with the captcha solved, each further attempt is checked
    expect(await said(from(ATTACKER, locky('wrong-pass'), true))).toBe('用户名或密码错误');
    expect((await from(ATTACKER, locky('right-pass'), true)).statusCode).toBe(200);
  });

  it('the platform administrator cannot be locked out from elsewhere', async () => {
    const admin = (password: string) => ({ tenantId: '000000', username: 'admin', password });
    expect((await from(OWNER, admin('admin-password'))).statusCode).toBe(200);
    for (let i = 0; i < 12; i++) await from(ATTACKER, admin('wrong-pass'));
    expect(await said(from(ATTACKER, admin('admin-password')))).toBe(CAPTCHA);
    expect((await from(OWNER, admin('admin-password'))).statusCode).toBe(200);
  });

  it('unknown accounts answer as known ones: the captcha after the same failures', async () => {
    const nobody = { tenantId: '000000', username: 'nobody-here', password: 'x-x-x-x' };
    for (let i = 0; i < 5; i++) expect(await said(from(ATTACKER, nobody))).toBe('用户名或密码错误');
    expect(await said(from(ATTACKER, nobody))).toBe(CAPTCHA);
  });

  it('many addresses together: past four times the limit, every unknown address needs the captcha', async () => {
    const roleId = await createRole(t.database.db, '000000', 'spread-role');
    await createUser(t.database.db, '000000', 'spread', 'right-pass', { roleIds: [roleId] });
    const spread = (password: string) => ({ tenantId: '000000', username: 'spread', password });
    expect((await from(OWNER, spread('right-pass'))).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) await from(`198.51.100.${i % 5}`, spread('wrong-pass'));
    expect(await said(from('198.51.100.200', spread('right-pass')))).toBe(CAPTCHA);
    expect((await from(OWNER, spread('right-pass'))).statusCode).toBe(200);
  });

  it('an address the account signed in from keeps BladeX’s lock, which unlock clears', async () => {
    const roleId = await createRole(t.database.db, '000000', 'owner-role');
    const userId = await createUser(t.database.db, '000000', 'owned', 'right-pass', { roleIds: [roleId] });
    const owned = (password: string) => ({ tenantId: '000000', username: 'owned', password });
    expect((await from(OWNER, owned('right-pass'))).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await from(OWNER, owned('wrong-pass'));
    expect(await said(from(OWNER, owned('right-pass')))).toBe(LOCKED);
    expect(await said(from(ATTACKER, owned('right-pass'), true))).toBe(LOCKED);
    const admin = (await adminLogin()).json().access_token;
    const unlock = await t.app.inject({
      method: 'POST',
      url: `/api/blade-user/unlock?userIds=${userId}`,
      headers: bearer(admin),
    });
    expect(unlock.json()).toMatchObject({ code: 200 });
    expect((await from(OWNER, owned('right-pass'))).statusCode).toBe(200);
  });

  it('counts attempts made at once: a burst of wrong ones cannot slip past', async () => {
    const roleId = await createRole(t.database.db, '000000', 'burst-role');
    await createUser(t.database.db, '000000', 'bursty', 'right-pass', { roleIds: [roleId] });
    const bursty = (password: string) => ({ tenantId: '000000', username: 'bursty', password });
    expect((await from(OWNER, bursty('right-pass'))).statusCode).toBe(200);
    const burst = async (address: string) =>
      (await Promise.all(Array.from({ length: 20 }, () => from(address, bursty('wrong-pass'))))).map(
        (a) => a.json().error_description,
      );
    expect((await burst(ATTACKER)).filter((d) => d === CAPTCHA).length).toBeGreaterThanOrEqual(15);
    expect((await burst(OWNER)).filter((d) => d === LOCKED).length).toBeGreaterThanOrEqual(15);
    expect(await said(from(OWNER, bursty('right-pass')))).toBe(LOCKED);
  });

  it('a lockout outlives a restart: it is kept in the database', async () => {
    const roleId = await createRole(t.database.db, '000000', 'restart-role');
    await createUser(t.database.db, '000000', 'restarted', 'right-pass', { roleIds: [roleId] });
    const restarted = (password: string) => ({ tenantId: '000000', username: 'restarted', password });
    expect((await from(OWNER, restarted('right-pass'))).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await from(OWNER, restarted('wrong-pass'));
    // a second server on the same database with an empty shared store, as after a restart
    const again = await buildApp({
      config: { tokenHeader: 'Blade-Auth', apiDocs: false, webDist: '/nonexistent', uploadMaxMb: 1 },
      db: t.database.db,
      useAppRole: await connectionBypassesRls(t.database.db),
      signingSecret: TEST_SECRET,
      sealingKey: TEST_SEALING_KEY,
      store: createMemoryStore(),
      storage: unusedStorage.storage,
      rateLimits: false,
    });
    try {
      const query = new URLSearchParams({
        grant_type: 'password',
        scope: 'all',
        tenantId: '000000',
        username: 'restarted',
        password: md5Hex('right-pass'),
      });
      const res = await again.inject({
        method: 'POST',
        url: `${TOKEN}?${query}`,
        remoteAddress: OWNER,
        headers: { authorization: SABER },
      });
      expect(res.json().error_description).toBe(LOCKED);
    } finally {
      await again.close();
    }
  });

  it('clears the count on success', async () => {
    const roleId = await createRole(t.database.db, '000000', 'count-role');
    await createUser(t.database.db, '000000', 'counted', 'right-pass', { roleIds: [roleId] });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) await token({ tenantId: '000000', username: 'counted', password: 'wrong-pass' });
      expect((await token({ tenantId: '000000', username: 'counted', password: 'right-pass' })).statusCode).toBe(200);
    }
  });
});

describe('captcha', () => {
  it('answers a key and an image, and the captcha grant checks the answer once, case-insensitively', async () => {
    const captcha = (await t.app.inject({ url: '/api/blade-auth/oauth/captcha' })).json();
    expect(captcha.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(captcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(captcha.image.split(',')[1], 'base64').toString()).toContain('<svg');
    const answer = (await t.app.platform.store.get(`captcha:${captcha.key}`))!;
    const login = (code: string, key = captcha.key) =>
      token(
        { tenantId: '000000', username: 'admin', password: 'admin-password', grant_type: 'captcha' },
        { 'captcha-key': key, 'captcha-code': code },
      );

    const wrong = await login('zzzzz');
    expect(wrong.json().error_description).toBe('验证码不正确');
    expect((await login(answer)).statusCode).toBe(400); // used up by the wrong try

    const fresh = (await t.app.inject({ url: '/api/blade-auth/oauth/captcha' })).json();
    const right = (await t.app.platform.store.get(`captcha:${fresh.key}`))!;
    expect((await login(right.toUpperCase(), fresh.key)).statusCode).toBe(200);
    expect((await login(right, fresh.key)).json().error_description).toBe('验证码不正确');
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh token works once; a reuse revokes the whole session', async () => {
    const first = (await adminLogin()).json();
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user_id).toBe(first.user_id);

    const reuse = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ error: 'invalid_token', error_description: '刷新令牌已失效,请重新登录' });
    // The replay ended the session: its newest tokens are refused too.
    expect(
      (await t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers: bearer(second.access_token) })).statusCode,
    ).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).statusCode).toBe(401);
  });

  it('refuses an access token as a refresh token, and a refresh token of another client', async () => {
    const login = (await adminLogin()).json();
    expect((await token({ grant_type: 'refresh_token', refresh_token: login.access_token })).statusCode).toBe(401);
    const sword = `Basic ${Buffer.from('sword:sword_secret').toString('base64')}`;
    const other = await token(
      { grant_type: 'refresh_token', refresh_token: login.refresh_token },
      { authorization: sword },
    );
    expect(other.statusCode).toBe(401);
  });

  it('refuses the refresh of a user deleted since', async () => {
    const roleId = await createRole(t.database.db, '000000', 'leaver');
    const id = await createUser(t.database.db, '000000', 'leaver', 'secret-1', { roleIds: [roleId] });
    const login = (await token({ tenantId: '000000', username: 'leaver', password: 'secret-1' })).json();
    await sql`update blade_user set is_deleted = 1 where id = ${id}`.execute(t.database.db);
    expect((await token({ grant_type: 'refresh_token', refresh_token: login.refresh_token })).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('logout revokes the access and the refresh token of the session only', async () => {
    const kept = (await adminLogin()).json();
    const ended = (await adminLogin()).json();
    const out = await t.app.inject({ url: '/api/blade-auth/oauth/logout', headers: bearer(ended.access_token) });
    expect(out.json()).toEqual({ success: 'true', msg: 'success' });
    expect(
      (await t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers: bearer(ended.access_token) })).statusCode,
    ).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: ended.refresh_token })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers: bearer(kept.access_token) })).statusCode,
    ).toBe(200);
  });

  it('revoking a user ends every session they hold', async () => {
    const roleId = await createRole(t.database.db, '000000', 'revoked');
    const id = await createUser(t.database.db, '000000', 'revoked', 'secret-1', { roleIds: [roleId] });
    const login = (await token({ tenantId: '000000', username: 'revoked', password: 'secret-1' })).json();
    await t.app.platform.sessions.revokeUser('000000', id);
    expect(
      (await t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers: bearer(login.access_token) })).statusCode,
    ).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: login.refresh_token })).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 1100)); // a new sign-in, in a later second, works again
    expect((await token({ tenantId: '000000', username: 'revoked', password: 'secret-1' })).statusCode).toBe(200);
  });

  it('a Tenant-Id header or tenantId parameter never changes the tenant of a signed-in request', async () => {
    await createTenant(t.database.db, '100003');
    const login = (await adminLogin()).json();
    const res = await t.app.inject({
      url: '/api/blade-auth/oauth/user-info?tenantId=100003&tenant_id=100003',
      headers: { ...bearer(login.access_token), 'tenant-id': '100003' },
    });
    expect(res.json().data.tenantId).toBe('000000');
  });

  it('clear-cache answers success for an administrator and 401 without a token', async () => {
    const login = (await adminLogin()).json();
    expect(
      (await t.app.inject({ url: '/api/blade-auth/oauth/clear-cache', headers: bearer(login.access_token) })).json(),
    ).toEqual({
      success: 'true',
      msg: 'success',
    });
    expect((await t.app.inject({ url: '/api/blade-auth/oauth/clear-cache' })).statusCode).toBe(401);
  });
});

describe('GET /api/blade-system/tenant/info', () => {
  it('is public and answers a tenant by its domain, or nothing', async () => {
    await createTenant(t.database.db, '100004', { domain: 'acme.example.com' });
    const found = await t.app.inject({ url: '/api/blade-system/tenant/info?domain=acme.example.com' });
    expect(found.json()).toMatchObject({
      code: 200,
      data: { tenantId: '100004', domain: 'acme.example.com', backgroundUrl: '' },
    });
    const none = await t.app.inject({ url: '/api/blade-system/tenant/info?domain=nowhere' });
    expect(none.json()).toMatchObject({ code: 200, data: {} });
  });
});

describe('permissions from role grants', () => {
  it('gate endpoints by button code; a missing one answers 403 and changes nothing', async () => {
    const roleId = await createRole(t.database.db, '000000', 'unlocker', ['user', 'user_unlock']);
    const userId = await createUser(t.database.db, '000000', 'unlocker', 'secret-1', { roleIds: [roleId] });
    const login = (await token({ tenantId: '000000', username: 'unlocker', password: 'secret-1' })).json();
    const unlock = await t.app.inject({
      method: 'POST',
      url: `/api/blade-user/unlock?userIds=${userId}`,
      headers: bearer(login.access_token),
    });
    expect(unlock.statusCode).toBe(200);
    const params = await t.app.inject({ url: '/api/blade-system/param/list', headers: bearer(login.access_token) });
    expect(params.statusCode).toBe(403);
  });

  it('are limited to the tenant’s package', async () => {
    // The package holds 用户管理's sibling 机构管理: its buttons come with it, user_unlock does not.
    await createTenant(t.database.db, '100005', { packageMenuCodes: ['dept'] });
    const roleId = await createRole(t.database.db, '100005', 'overgranted', ['user_unlock', 'param']);
    await createUser(t.database.db, '100005', 'boss', 'secret-1', { roleIds: [roleId] });
    const login = (await token({ tenantId: '100005', username: 'boss', password: 'secret-1' })).json();
    expect(login.tenant_id).toBe('100005');
    const unlock = await t.app.inject({
      method: 'POST',
      url: '/api/blade-user/unlock?userIds=1',
      headers: bearer(login.access_token),
    });
    expect(unlock.statusCode).toBe(403);
    const params = await t.app.inject({ url: '/api/blade-system/param/list', headers: bearer(login.access_token) });
    expect(params.statusCode).toBe(403);
  });

  it('give the seeded tenant admin role the default menus and their buttons', async () => {
    const { rows } = await sql<{
      id: string;
    }>`select id from blade_role where tenant_id = '000000' and role_alias = 'admin'`.execute(t.database.db);
    const userId = await createUser(t.database.db, '000000', 'tenant-admin', 'secret-1', { roleIds: [rows[0]!.id] });
    const login = (await token({ tenantId: '000000', username: 'tenant-admin', password: 'secret-1' })).json();
    expect(login.role_name).toBe('admin');
    const unlock = await t.app.inject({
      method: 'POST',
      url: `/api/blade-user/unlock?userIds=${userId}`,
      headers: bearer(login.access_token),
    });
    expect(unlock.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/blade-system/param/list', headers: bearer(login.access_token) })).statusCode,
    ).toBe(403);
  });
});
