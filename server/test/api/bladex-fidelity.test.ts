import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { WALL_CLOCK } from '../../src/platform/http/envelope.ts';
import { ADMIN_DEPT_ID, ADMIN_ROLE_ID } from '../../src/seed/platform-seed.ts';
import { createCaller, createRole, createTenant } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { answeredInstant } from '../support/wire-time.ts';

/**
 * What a client written for BladeX sends and reads, as it sends it (issue 21, "Fix what BladeX
 * clients trip on"): the tenant select, empty form values, the administrator's grant keys, the
 * guest registration's bindings, a tenant's info for an unknown domain, the client secret kept.
 */
let t: TestApp;
const TENANT_A = '210001';
const TENANT_B = '210002';
const EN = { 'accept-language': 'en-US' };

const db = () => t.database.db;
const get = (url: string, headers: Record<string, string> = t.auth()) => t.app.inject({ url, headers });
const post = (url: string, payload: object, headers: Record<string, string> = t.auth()) =>
  t.app.inject({ method: 'POST', url, headers, payload });

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(db(), TENANT_A);
  await createTenant(db(), TENANT_B);
});
afterAll(() => t.close());

describe('GET /api/blade-system/tenant/select', () => {
  const URL = '/api/blade-system/tenant/select';

  it('answers the platform administrator every live tenant, by tenant id, names only', async () => {
    const res = await get(URL);
    expect(res.statusCode).toBe(200);
    const tenants = res.json().data as Record<string, string>[];
    expect(tenants.map((r) => r.tenantId)).toEqual(['000000', TENANT_A, TENANT_B]);
    expect(Object.keys(tenants[1]!).sort()).toEqual(['id', 'tenantId', 'tenantName']);
    expect(tenants[1]).toMatchObject({ tenantName: `tenant ${TENANT_A}` });
  });

  it('answers anyone else their own tenant only, with the screens’ codes (role, dept, post, user)', async () => {
    for (const code of ['role', 'dept_view', 'post', 'user']) {
      const caller = await t.authFor(await createCaller(db(), TENANT_A, `picker-${code}`, [code]));
      const res = await get(URL, caller);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((r: { tenantId: string }) => r.tenantId)).toEqual([TENANT_A]);
    }
  });

  it('refuses a caller without any of those codes, and anonymous callers', async () => {
    const clerk = await t.authFor(await createCaller(db(), TENANT_B, 'no-screens', ['notice']));
    expect((await get(URL, clerk)).statusCode).toBe(403);
    expect((await get(URL, {})).statusCode).toBe(401);
  });
});

describe('GET /api/blade-system/tenant/info', () => {
  it('answers an empty object, not null, when no tenant has the domain (clients read data.tenantId)', async () => {
    const res = await t.app.inject({ url: '/api/blade-system/tenant/info?domain=nowhere.example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, success: true, data: {} });
    expect(res.json().data).toEqual({});
    expect((await t.app.inject({ url: '/api/blade-system/tenant/info' })).json().data).toEqual({});
  });
});

describe('tree parents: "", "0", 0, null and absent all name the root', () => {
  const roots = ['', '0', 0, null, undefined];

  it('on role submit (insert and update)', async () => {
    for (const [i, parentId] of roots.entries()) {
      const res = await post('/api/blade-system/role/submit', {
        roleName: `Root ${i}`,
        roleAlias: `root-${i}`,
        parentId,
      });
      expect(res.statusCode, `parentId ${JSON.stringify(parentId)}`).toBe(200);
      expect(res.json().data.parentId).toBe('0');
    }
    const parent = (await post('/api/blade-system/role/submit', { roleName: 'Top', roleAlias: 'top' })).json().data;
    const child = (
      await post('/api/blade-system/role/submit', { roleName: 'Child', roleAlias: 'child', parentId: parent.id })
    ).json().data;
    expect(child.parentId).toBe(parent.id);
    // BladeX's role form sends the whole row back, the empty tree select as ""
    const moved = await post('/api/blade-system/role/submit', { ...child, parentId: '', sort: '' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.parentId).toBe('0');
  });

  it('on menu submit', async () => {
    for (const [i, parentId] of roots.entries()) {
      const res = await post('/api/blade-system/menu/submit', {
        code: `fidelity_${i}`,
        name: `Fidelity ${i}`,
        category: 1,
        path: `/fidelity/${i}`,
        parentId,
        sort: '',
        action: '',
        isOpen: '',
      });
      expect(res.statusCode, `parentId ${JSON.stringify(parentId)}`).toBe(200);
      expect(res.json().data.parentId).toBe('0');
    }
  });

  it('on dept and dict submit, and in the lazy trees’ queries', async () => {
    const dept = await post('/api/blade-system/dept/submit', { deptName: 'Root dept', parentId: '', sort: '' });
    expect(dept.statusCode).toBe(200);
    expect(dept.json().data.parentId).toBe('0');
    const dict = await post('/api/blade-system/dict/submit', {
      code: 'fid_root',
      dictValue: 'v',
      sort: 1,
      parentId: '',
    });
    expect(dict.statusCode).toBe(200);
    expect(dict.json().data.parentId).toBe('0');
    for (const url of ['/api/blade-system/dept/lazy-tree?parentId=', '/api/blade-system/menu/lazy-list?parentId=']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect(
      (await post('/api/blade-system/role/submit', { roleName: 'Bad', roleAlias: 'bad', parentId: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('the user form as BladeX sends it', () => {
  const USERS = '/api/blade-user';
  const form = (account: string) => ({
    account,
    name: account,
    realName: 'Form',
    password: 'first-pass',
    password2: 'first-pass',
    roleId: ADMIN_ROLE_ID,
    deptId: ADMIN_DEPT_ID,
    postId: '',
    birthday: '',
    sex: '',
    email: '',
    phone: '',
    code: '',
    userType: '',
  });

  it('adds a user with birthday "" and the other empty fields: not given', async () => {
    const res = await post(`${USERS}/submit`, form('form-user'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ account: 'form-user', birthday: '', sex: -1, userType: 1 });
  });

  it('updates with password "" and password2 "" (the edit form always sends them): the password is unchanged', async () => {
    const created = (await post(`${USERS}/submit`, { ...form('form-edit'), birthday: '1990-05-04' })).json().data;
    const { rows: before } = await sql<{ password: string }>`
      select password from blade_user where id = ${created.id}`.execute(db());
    const res = await post(`${USERS}/submit`, {
      ...created,
      realName: 'Edited',
      password: '',
      password2: '',
      birthday: '',
      sex: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ realName: 'Edited' });
    // "" is not given: the birthday stays
    expect(String(res.json().data.birthday)).toMatch(/^1990-05-0[34]/);
    const { rows: after } = await sql<{ password: string }>`
      select password from blade_user where id = ${created.id}`.execute(db());
    expect(after[0]!.password).toBe(before[0]!.password);
    // a new password still goes through reset-password
    const typed = await post(`${USERS}/submit`, { id: created.id, password: 'other-pass' });
    expect(typed.statusCode).toBe(400);
  });

  it("answers a user's nulls as BladeX does, which Saber's form splits and sends back unchanged", async () => {
    const created = (await post(`${USERS}/submit`, form('form-nulls'))).json().data;
    const stored = async () =>
      (
        await sql<Record<string, unknown>>`
          select sex, birthday, post_id, email, phone, code from blade_user where id = ${created.id}`.execute(db())
      ).rows[0];
    const before = await stored();
    expect(before).toMatchObject({ sex: null, birthday: null });
    const detail = (await get(`${USERS}/detail?id=${created.id}`)).json().data;
    // Saber's user.vue: `if (this.form.hasOwnProperty("postId")) this.form.postId = this.form.postId.split(",")`
    expect(detail).toMatchObject({ postId: '', birthday: '', sex: -1, email: '', phone: '', code: '' });
    expect(detail.postId.split(',')).toEqual(['']);
    // and sends the record back as it was answered, -1 and "" included: nothing changes
    const saved = await post(`${USERS}/submit`, { ...detail, password: '', password2: '', realName: 'Back' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ realName: 'Back', sex: -1, birthday: '', postId: '' });
    expect(await stored()).toEqual(before);
  });

  it('still refuses a creation without a password', async () => {
    const res = await post(`${USERS}/submit`, { ...form('form-nopass'), password: '', password2: '' });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/blade-system/menu/role-tree-keys of the administrator role', () => {
  it('answers everything it holds: every live menu, data scope and API scope', async () => {
    const res = await get(`/api/blade-system/menu/role-tree-keys?roleIds=${ADMIN_ROLE_ID}`);
    expect(res.statusCode).toBe(200);
    const keys = res.json().data as { menu: string[]; dataScope: string[]; apiScope: string[] };
    const live = async (table: string) =>
      (
        await sql<{ id: string }>`select s.id::text as id from ${sql.table(table)} s
          join blade_menu m on m.id = s.menu_id and m.is_deleted = 0 where s.is_deleted = 0`.execute(db())
      ).rows
        .map((r) => r.id)
        .sort();
    const { rows: menus } = await sql<{
      id: string;
    }>`select id::text as id from blade_menu where is_deleted = 0`.execute(db());
    expect(keys.menu.sort()).toEqual(menus.map((r) => r.id).sort());
    expect(keys.menu.length).toBeGreaterThan(50);
    expect(keys.dataScope.sort()).toEqual(await live('blade_scope_data'));
    expect(keys.apiScope.sort()).toEqual(await live('blade_scope_api'));
  });

  it('still answers another role exactly its grants', async () => {
    const role = await createRole(db(), '000000', 'fidelity-grants', ['notice']);
    const keys = (await get(`/api/blade-system/menu/role-tree-keys?roleIds=${role}`)).json().data;
    const { rows } = await sql<{ id: string }>`select id::text as id from blade_menu where code = 'notice'`.execute(
      db(),
    );
    expect(keys).toEqual({ menu: rows.map((r) => r.id), dataScope: [], apiScope: [] });
  });
});

describe('POST /api/blade-user/register-guest', () => {
  const GUESTS = '210003';
  const URL = '/api/blade-user/register-guest';
  const fields = (account: string) => ({ tenantId: GUESTS, name: 'Guest', account, password: 'guest-pass' });
  const registered = async (account: string) =>
    (
      await sql<{
        status: number;
      }>`select status from blade_user where tenant_id = ${GUESTS} and account = ${account}`.execute(db())
    ).rows;

  beforeAll(async () => {
    await createTenant(db(), GUESTS);
    await sql`update blade_tenant set guest_registration = 1 where tenant_id = ${GUESTS}`.execute(db());
    await sql`update blade_param set param_value = 'true' where param_key = 'account.registerUser'`.execute(db());
  });

  it('binds the fields from the query (no body), a form, or JSON, as BladeX does', async () => {
    const query = await t.app.inject({ method: 'POST', url: `${URL}?${new URLSearchParams(fields('by-query'))}` });
    expect(query.statusCode).toBe(200);
    const form = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields('by-form')).toString(),
    });
    expect(form.statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json;charset=utf-8' },
      payload: JSON.stringify(fields('by-json')),
    });
    expect(json.statusCode).toBe(200);
    for (const account of ['by-query', 'by-form', 'by-json'])
      expect(await registered(account)).toEqual([{ status: 2 }]);
  });

  it('still refuses a registration missing a field, whichever way it comes', async () => {
    const { password: _, ...noPassword } = fields('no-password');
    const res = await t.app.inject({ method: 'POST', url: `${URL}?${new URLSearchParams(noPassword)}`, headers: EN });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/password/);
    expect(await registered('no-password')).toEqual([]);
  });
});

describe('POST /api/blade-system/client/submit: the secret', () => {
  it('is kept when the edit form sends the record back with the secret left empty, and never answered', async () => {
    const created = await post('/api/blade-system/client/submit', {
      clientId: 'fidelity',
      clientSecret: 'fidelity-secret',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 3600,
      refreshTokenValidity: 7200,
    });
    expect(created.statusCode).toBe(200);
    const detail = (await get(`/api/blade-system/client/detail?id=${created.json().data.id}`)).json().data;
    expect(detail).not.toHaveProperty('clientSecret');
    for (const clientSecret of ['', null, undefined]) {
      const res = await post('/api/blade-system/client/submit', { ...detail, clientSecret, status: '' });
      expect(res.json().msg).toBe('操作成功');
      expect(res.json().data).not.toHaveProperty('clientSecret');
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${new URLSearchParams({
        grant_type: 'password',
        scope: 'all',
        tenantId: '000000',
        username: 'admin',
        password: md5Hex('admin-password'),
      })}`,
      headers: { authorization: `Basic ${Buffer.from('fidelity:fidelity-secret').toString('base64')}` },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().expires_in).toBe(3600);
  });
});

describe('dates on the wire, as BladeX (`yyyy-MM-dd HH:mm:ss`, the server zone: Asia/Shanghai here)', () => {
  const USERS = '/api/blade-user';
  const birthdayOf = async (account: string, birthday: string) => {
    const res = await post(`${USERS}/submit`, {
      account,
      name: account,
      realName: 'Dated',
      birthday,
      roleId: ADMIN_ROLE_ID,
      deptId: ADMIN_DEPT_ID,
      password: 'first-pass',
      password2: 'first-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await get(`${USERS}/detail?id=${res.json().data.id}`)).json().data;
    return { submitted: res.json().data.birthday, detail: detail.birthday, createTime: detail.createTime };
  };

  it('answers a date sent without an offset as the same wall clock, read in the zone', async () => {
    expect(await birthdayOf('dated-1', '1990-05-04 07:08:09')).toMatchObject({
      submitted: '1990-05-04 07:08:09',
      detail: '1990-05-04 07:08:09',
    });
    expect((await birthdayOf('dated-2', '1990-05-04')).detail).toBe('1990-05-04 00:00:00');
  });

  it('reads a date with an offset as that instant, and answers it in the zone', async () => {
    // 00:00 UTC is 08:00 in Shanghai (in 2000: China kept summer time from 1986 to 1991)
    const { detail, createTime } = await birthdayOf('dated-3', '2000-05-04T00:00:00Z');
    expect(detail).toBe('2000-05-04 08:00:00');
    expect(Math.abs(answeredInstant(createTime).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('answers wall-clock text in lists and pages too', async () => {
    const page = (await get(`${USERS}/page?account=dated-1`)).json().data;
    expect(page.records[0]).toMatchObject({ account: 'dated-1', birthday: '1990-05-04 07:08:09' });
    expect(page.records[0].createTime).toMatch(WALL_CLOCK);
  });
});
