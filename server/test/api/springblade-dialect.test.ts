import { sql } from 'kysely';
import smCrypto from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSm2KeyPair } from '../../src/platform/auth/sm2.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The open-source Saber client speaks SpringBlade's dialect: each call here is sent as it sends it
// (src/api/user.js, src/api/system/user.js, src/axios.js, src/utils/sm2.js of chillzhuang/Saber).

const TOKEN = '/api/blade-auth/token';
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const EN = { 'accept-language': 'en-US' };
let t: TestApp;
let publicKey: string;

beforeAll(async () => {
  t = await createTestApp();
  publicKey = (await t.app.inject({ url: '/api/blade-auth/sm2-public-key' })).json().data.publicKey;
});
afterAll(() => t.close());

/** Saber's `encrypt(password)`: sm-crypto's C1C2C3 (`doEncrypt(data, publicKey, 0)`), hex without `04`. */
const encrypt = (password: string) => smCrypto.sm2.doEncrypt(password, publicKey, 0);

interface SignIn {
  tenantId?: string;
  account?: string;
  /** As typed; encrypted as Saber does. */
  password?: string;
  grantType?: string;
  refreshToken?: string;
}

/** Saber's `loginByUsername`/`refreshToken`: a POST with the parameters in the query and no body. */
function token(params: SignIn, headers: Record<string, string> = {}, remoteAddress?: string) {
  const { password, ...rest } = params;
  const query = new URLSearchParams({ type: 'account', ...rest } as Record<string, string>);
  if (password !== undefined) query.set('password', encrypt(password));
  return t.app.inject({
    method: 'POST',
    url: `${TOKEN}?${query}`,
    headers: { authorization: SABER, ...headers },
    remoteAddress,
  });
}
const bladeAuth = (accessToken: string) => ({ authorization: SABER, 'blade-auth': `bearer ${accessToken}` });
const admin = { tenantId: '000000', account: 'admin', password: 'admin-password' };

async function loginRows(account: string) {
  const { rows } = await sql<{ grant_type: string; result: string }>`
    select grant_type, result from blade_log_login where account = ${account} order by create_time`.execute(
    t.database.db,
  );
  return rows;
}

describe('the SM2 public key', () => {
  it('is published, is the installation’s kept one, and the private key is never answered', async () => {
    const res = await t.app.inject({ url: '/api/blade-auth/sm2-public-key' });
    expect(res.json()).toMatchObject({ code: 200, success: true, data: { publicKey: expect.any(String) } });
    expect(publicKey).toMatch(/^04[0-9a-f]{128}$/);
    const kept = await loadSm2KeyPair(t.database.db);
    expect(kept.publicKey).toBe(publicKey);
    expect(res.body).not.toContain(kept.privateKey);
  });
});

describe(`POST ${TOKEN}`, () => {
  it('signs in as Saber does (captcha grant, query only, no body) and answers R<AuthInfo>', async () => {
    const captcha = await t.app.inject({ url: '/api/blade-auth/captcha', headers: { authorization: SABER } });
    expect(captcha.json()).toMatchObject({ code: 200, success: true });
    const { key, image } = captcha.json().data;
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    const code = (await t.app.platform.store.get(`captcha:${key}`))!;
    const res = await token({ ...admin, grantType: 'captcha' }, { 'captcha-key': key, 'captcha-code': code });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, success: true, msg: expect.any(String) });
    expect(body.data).toEqual({
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      tokenType: 'bearer',
      refreshToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      expiresIn: 3600,
      userId: '1123598821738675201',
      tenantId: '000000',
      oauthId: '',
      account: 'admin',
      userName: '管理员',
      avatar: expect.any(String),
      authority: 'administrator',
      license: 'powered by bladex',
    });
    expect(res.body).not.toMatch(/argon2|password/i);
    // Saber then calls the system screens with the token in Blade-Auth
    const page = await t.app.inject({
      url: '/api/blade-system/user/list?current=1&size=10',
      headers: bladeAuth(body.data.accessToken),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.records.map((r: { account: string }) => r.account)).toContain('admin');
    const info = await t.app.inject({ url: '/api/blade-system/user/info', headers: bladeAuth(body.data.accessToken) });
    expect(info.json().data).toMatchObject({ account: 'admin', tenantId: '000000' });
    expect(await loginRows('admin')).toContainEqual({ grant_type: 'captcha', result: 'success' });
  });

  it('reads a form body as well, and takes grantType password and tenant 000000 when they are not given', async () => {
    const form = new URLSearchParams({ account: 'admin', password: encrypt('admin-password') });
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      headers: { authorization: SABER, 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ tenantId: '000000', account: 'admin', authority: 'administrator' });
  });

  it('decrypts what other SM2 tools write: with the 04 point prefix, and in C1C3C2 order', async () => {
    for (const password of [
      `04${smCrypto.sm2.doEncrypt('admin-password', publicKey, 0)}`,
      smCrypto.sm2.doEncrypt('admin-password', publicKey, 1),
    ]) {
      const query = new URLSearchParams({ tenantId: '000000', account: 'admin', password, grantType: 'password' });
      const res = await t.app.inject({ method: 'POST', url: `${TOKEN}?${query}`, headers: { authorization: SABER } });
      expect(res.json().data?.account).toBe('admin');
    }
  });

  it('refuses a wrong password in the envelope, in the caller’s language, and logs the attempt', async () => {
    const roleId = await createRole(t.database.db, '000000', 'sb-wrong-role');
    await createUser(t.database.db, '000000', 'sb-wrong', 'right-pass', { roleIds: [roleId] });
    const zh = await token({ tenantId: '000000', account: 'sb-wrong', password: 'wrong-pass' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({ code: 400, success: false, data: null, msg: '用户名或密码错误' });
    expect(zh.headers['error-key']).toBe('auth.credentials.bad');
    const en = await token({ tenantId: '000000', account: 'sb-wrong', password: 'wrong-pass' }, EN);
    expect(en.json().msg).toBe('Wrong account or password');
    expect(await loginRows('sb-wrong')).toEqual([
      { grant_type: 'password', result: 'bad_password' },
      { grant_type: 'password', result: 'bad_password' },
    ]);
  });

  it('answers a password that does not decrypt with a clear 400, not a 500', async () => {
    for (const password of ['admin-password', 'abcdef', `04${'ab'.repeat(120)}`, encrypt('x').replace(/.$/, 'z')]) {
      const query = new URLSearchParams({ tenantId: '000000', account: 'admin', password, grantType: 'password' });
      const res = await t.app.inject({
        method: 'POST',
        url: `${TOKEN}?${query}`,
        headers: { authorization: SABER, ...EN },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false });
      expect(res.json().msg).toMatch(/could not be decrypted/);
      expect(res.headers['error-key']).toBe('auth.password.undecryptable');
    }
  });

  it('locks the account as the oauth endpoint does, and writes the lockout to the usual log', async () => {
    const owner = '192.0.2.44';
    const roleId = await createRole(t.database.db, '000000', 'sb-lock-role');
    await createUser(t.database.db, '000000', 'sb-locky', 'right-pass', { roleIds: [roleId] });
    const locky = (password: string) => token({ tenantId: '000000', account: 'sb-locky', password }, {}, owner);
    expect((await locky('right-pass')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await locky('wrong-pass')).json().msg).toBe('用户名或密码错误');
    const refused = await locky('right-pass');
    expect(refused.json()).toMatchObject({ code: 400, success: false, msg: '登录错误次数过多,请稍后再试' });
    await t.app.platform.audit.flush();
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from blade_log_usual where log_id = 'auth.lockout' and log_data like '%sb-locky%'`.execute(
      t.database.db,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refreshes with grantType=refresh_token once, and refuses the used refresh token with 401', async () => {
    const first = (await token(admin)).json().data;
    const refreshed = await token({ grantType: 'refresh_token', refreshToken: first.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data).toMatchObject({ account: 'admin', tenantId: '000000', tokenType: 'bearer' });
    expect(refreshed.json().data.accessToken).not.toBe(first.accessToken);
    const again = await token({ grantType: 'refresh_token', refreshToken: first.refreshToken });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 401, success: false, data: null });
  });

  it('refuses a request without the client’s Basic credentials', async () => {
    const query = new URLSearchParams({ tenantId: '000000', account: 'admin', password: encrypt('admin-password') });
    const res = await t.app.inject({ method: 'POST', url: `${TOKEN}?${query}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, success: false, msg: '客户端认证失败' });
  });
});

describe('POST /api/blade-auth/logout', () => {
  it('ends the session: its access token stops working', async () => {
    const { accessToken } = (await token(admin)).json().data;
    const out = await t.app.inject({ method: 'POST', url: '/api/blade-auth/logout', headers: bladeAuth(accessToken) });
    expect(out.json()).toMatchObject({ code: 200, success: true });
    const after = await t.app.inject({ url: '/api/blade-system/user/info', headers: bladeAuth(accessToken) });
    expect(after.statusCode).toBe(401);
  });
});

describe('/api/blade-system/user/* (the user module under SpringBlade’s prefix)', () => {
  it('adds a user from a JSON body with charset, who signs in with the SM2 password and changes it as typed', async () => {
    const { accessToken } = (await token(admin)).json().data;
    const { rows } = await sql<{ id: string }>`
      select id from blade_role where tenant_id = '000000' and role_alias = 'administrator'`.execute(t.database.db);
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/user/submit',
      headers: { ...bladeAuth(accessToken), 'content-type': 'application/json;charset=utf-8' },
      payload: JSON.stringify({
        account: 'sb-added',
        password: 'typed-pass',
        realName: '新用户',
        name: 'added',
        roleId: String(rows[0]!.id),
        deptId: '1123598813738675201',
      }),
    });
    expect(submit.json()).toMatchObject({ code: 200, success: true });
    const signIn = await token({ tenantId: '000000', account: 'sb-added', password: 'typed-pass' });
    expect(signIn.json().data).toMatchObject({ account: 'sb-added', userName: '新用户' });
    // Saber's update-password sends the passwords as typed (SpringBlade digests them on the server)
    const change = new URLSearchParams({
      oldPassword: 'typed-pass',
      newPassword: 'next-pass',
      newPassword1: 'next-pass',
    });
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/blade-system/user/update-password?${change}`,
      headers: bladeAuth(signIn.json().data.accessToken),
    });
    expect(changed.json()).toMatchObject({ code: 200, success: true });
    expect((await token({ tenantId: '000000', account: 'sb-added', password: 'next-pass' })).statusCode).toBe(200);
  });

  it('keeps each tenant’s users to itself: a token of tenant A cannot read tenant B’s', async () => {
    const ids: Record<string, string> = {};
    for (const tenantId of ['300001', '300002']) {
      await createTenant(t.database.db, tenantId);
      const roleId = await createRole(t.database.db, tenantId, 'sb-user-reader', ['user']);
      ids[tenantId] = await createUser(t.database.db, tenantId, `reader-${tenantId}`, 'right-pass', {
        roleIds: [roleId],
      });
    }
    const a = (await token({ tenantId: '300001', account: 'reader-300001', password: 'right-pass' })).json().data;
    expect(a.tenantId).toBe('300001');
    const page = await t.app.inject({ url: '/api/blade-system/user/page?size=100', headers: bladeAuth(a.accessToken) });
    const accounts = page.json().data.records.map((r: { account: string }) => r.account);
    expect(accounts).toContain('reader-300001');
    expect(accounts).not.toContain('reader-300002');
    const detail = await t.app.inject({
      url: `/api/blade-system/user/detail?id=${ids['300002']}`,
      headers: bladeAuth(a.accessToken),
    });
    expect(detail.statusCode).toBe(404);
    // B's account signs in only in B
    const wrongTenant = await token({ tenantId: '300001', account: 'reader-300002', password: 'right-pass' });
    expect(wrongTenant.json()).toMatchObject({ code: 400, msg: '用户名或密码错误' });
  });

  it('grants an API scope on BladeX’s path to SpringBlade’s path too, and refuses both outside it', async () => {
    const { rows } = await sql<{ id: string }>`select id from blade_menu where code = 'user'`.execute(t.database.db);
    const roleId = await createRole(t.database.db, '000000', 'sb-scoped', ['user']);
    await createUser(t.database.db, '000000', 'sb-scoped', 'right-pass', { roleIds: [roleId] });
    for (const [path, granted] of [
      ['/api/blade-user/', true],
      ['/api/blade-system/dict', false],
    ] as const) {
      const scopeId = nextId();
      await sql`delete from blade_role_scope where role_id = ${roleId}`.execute(t.database.db);
      await sql`insert into blade_scope_api (id, menu_id, resource_code, scope_name, scope_path, scope_type)
        values (${scopeId}, ${rows[0]!.id}, ${`sb-${scopeId}`}, 'users', ${path}, 1)`.execute(t.database.db);
      await sql`insert into blade_role_scope (id, scope_category, scope_id, role_id)
        values (${nextId()}, 2, ${scopeId}, ${roleId})`.execute(t.database.db);
      t.app.platform.caches.clear();
      const { accessToken } = (await token({ tenantId: '000000', account: 'sb-scoped', password: 'right-pass' })).json()
        .data;
      for (const url of ['/api/blade-user/page', '/api/blade-system/user/page']) {
        const res = await t.app.inject({ url, headers: bladeAuth(accessToken) });
        expect(`${url} ${res.statusCode}`).toBe(`${url} ${granted ? 200 : 403}`);
      }
    }
  });
});
