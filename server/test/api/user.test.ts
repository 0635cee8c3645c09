import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createCaller, createRole, createTenant, createUser } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-user';
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
let t: TestApp;
let roleId: string;
const [D1, D2, D3] = ['701', '702', '703']; // D2 below D1; D3 apart

beforeAll(async () => {
  t = await createTestApp();
  roleId = await createRole(t.database.db, '000000', 'clerk');
  await sql`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name) values
    (${D1}, '000000', 0, '0', '总部'), (${D2}, '000000', ${D1}, ${`0,${D1}`}, '仓库'), (${D3}, '000000', 0, '0', '外部')`.execute(
    t.database.db,
  );
});
afterAll(() => t.close());

const login = async (account: string, password: string, tenantId = '000000') => {
  const query = new URLSearchParams({
    tenantId,
    username: account,
    password: md5Hex(password),
    grant_type: 'password',
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${query}`,
    headers: { authorization: SABER },
  });
};
const bearer = (token: string) => ({ 'blade-auth': `bearer ${token}` });
const userRow = async (account: string) =>
  (
    await sql<
      Record<string, unknown>
    >`select id, password, status, is_deleted, role_id, name from blade_user where account = ${account} order by create_time desc limit 1`.execute(
      t.database.db,
    )
  ).rows[0];
const userCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from blade_user`.execute(t.database.db)).rows[0]!.n);
const submit = (payload: object, headers = t.auth()) =>
  t.app.inject({ method: 'POST', url: `${BASE}/submit`, headers, payload });
const newUser = (account: string, extra: object = {}) => ({
  account,
  name: account.slice(0, 20),
  realName: account.slice(0, 10),
  password: 'typed-pass',
  roleId,
  deptId: D2,
  ...extra,
});

describe(`POST ${BASE}/submit`, () => {
  it('creates a user who can then sign in with the typed password', async () => {
    const res = await submit(newUser('alice', { phone: '13800138000' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ account: 'alice', roleId, deptId: D2, phone: '13800138000' });
    expect(res.body).not.toMatch(/password|argon2/i);
    expect((await userRow('alice'))?.password).toMatch(/^\$argon2id\$/);
    expect((await login('alice', 'typed-pass')).statusCode).toBe(200);
    const links = await sql`select dept_id from blade_user_dept where user_id = ${res.json().data.id}`.execute(
      t.database.db,
    );
    expect(links.rows).toEqual([{ dept_id: D2 }]);
  });

  const bad: [string, object, string, string][] = [
    ['a missing account', { account: '' }, '请输入账号', 'Please enter the account'],
    ['no role', { roleId: '' }, '请选择所属角色', 'Please choose a role'],
    ['no password on creation', { password: undefined }, '请输入密码', 'Please enter the password'],
    [
      'a phone of 10 characters',
      { phone: '1380013800' },
      '手机号码长度不为11位',
      'The phone number must have 11 digits',
    ],
    [
      'a phone that is not a mobile number',
      { phone: '23800138000' },
      '手机号码格式不正确',
      'The phone number is not valid',
    ],
    ['a role of no one', { roleId: '999' }, '角色不存在: 999', 'These roles do not exist: 999'],
  ];
  for (const [what, change, zh, en] of bad) {
    it(`refuses ${what}, in both languages, writing nothing`, async () => {
      const before = await userCount();
      const res = await submit(newUser(`bad-${Date.now()}`, change));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(zh);
      const english = await submit(newUser(`bad-${Date.now()}`, change), { ...t.auth(), 'accept-language': 'en' });
      expect(english.json().msg).toBe(en);
      expect(await userCount()).toBe(before);
    });
  }

  it('refuses an account taken in the tenant, and allows it in another tenant', async () => {
    await submit(newUser('bob'));
    const again = await submit(newUser('bob'));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('当前用户 [bob] 已存在!');
  });

  it('keeps the tenant’s account quota', async () => {
    await createTenant(t.database.db, '300001');
    await sql`update blade_tenant set account_number = 1 where tenant_id = '300001'`.execute(t.database.db);
    const role = await createRole(t.database.db, '300001', 'admin', ['user', 'user_add']);
    await createUser(t.database.db, '300001', 'only-one', 'secret-1', { roleIds: [role] });
    await sql`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name) values ('704', '300001', 0, '0', 'b')`.execute(
      t.database.db,
    );
    const headers = await t.authFor({ ...plainUser, tenantId: '300001', roleIds: [role], roleAliases: ['admin'] });
    const before = await userCount();
    const full = await submit({ ...newUser('second'), roleId: role, deptId: '704' }, headers);
    expect(full.statusCode).toBe(400);
    expect(full.json().msg).toBe('当前租户已到最大账号额度!');
    expect(await userCount()).toBe(before);
    await sql`update blade_tenant set account_number = 2 where tenant_id = '300001'`.execute(t.database.db);
    expect((await submit({ ...newUser('second'), roleId: role, deptId: '704' }, headers)).statusCode).toBe(200);
  });

  it('updates only what is sent, and disabling a user ends their sessions', async () => {
    const created = (await submit(newUser('carol'))).json().data;
    const token = (await login('carol', 'typed-pass')).json().access_token;
    const update = await t.app.inject({
      method: 'POST',
      url: `${BASE}/update`,
      headers: t.auth(),
      payload: { id: created.id, name: 'Carol C' },
    });
    expect(update.json().data).toMatchObject({ account: 'carol', name: 'Carol C', roleId });
    expect((await t.app.inject({ url: `${BASE}/info`, headers: bearer(token) })).statusCode).toBe(200);
    await submit({ id: created.id, status: 0 });
    expect((await t.app.inject({ url: `${BASE}/info`, headers: bearer(token) })).statusCode).toBe(401);
    expect((await login('carol', 'typed-pass')).json().error_description).toBe('该账号已被停用,请联系管理员');
  });
});

describe(`GET ${BASE}/page and list`, () => {
  it('pages by dept including the depts below it, with names and without password hashes', async () => {
    await submit(newUser('in-d1', { deptId: D1 }));
    await submit(newUser('in-d3', { deptId: D3 }));
    const res = await t.app.inject({ url: `${BASE}/page?deptId=${D1}&size=100`, headers: t.auth() });
    const accounts = res.json().data.records.map((u: { account: string }) => u.account);
    expect(accounts).toContain('in-d1');
    expect(accounts).toContain('alice'); // in D2, below D1
    expect(accounts).not.toContain('in-d3');
    const alice = res.json().data.records.find((u: { account: string }) => u.account === 'alice');
    expect(alice).toMatchObject({ roleName: 'clerk', deptName: '仓库', tenantName: '管理组' });
    expect(res.body).not.toMatch(/argon2|"password"/);
    const list = await t.app.inject({ url: `${BASE}/list?account=ali`, headers: t.auth() });
    expect(list.json().data.records.map((u: { account: string }) => u.account)).toEqual(['alice']);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('soft-deletes users, ends their sessions, and refuses to remove oneself', async () => {
    const created = (await submit(newUser('dave'))).json().data;
    const token = (await login('dave', 'typed-pass')).json().access_token;
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${created.id}`, headers: t.auth() });
    expect(res.statusCode).toBe(200);
    expect((await userRow('dave'))?.is_deleted).toBe(1);
    expect((await t.app.inject({ url: `${BASE}/info`, headers: bearer(token) })).statusCode).toBe(401);
    const self = await t.app.inject({
      method: 'POST',
      url: `${BASE}/remove?ids=1123598821738675201`,
      headers: t.auth(),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('不能删除当前登录用户');
  });
});

describe('passwords', () => {
  it('reset-password sets account.initPassword and ends the user’s sessions', async () => {
    const created = (await submit(newUser('erin'))).json().data;
    const token = (await login('erin', 'typed-pass')).json().access_token;
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/reset-password?userIds=${created.id}`,
      headers: t.auth(),
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: `${BASE}/info`, headers: bearer(token) })).statusCode).toBe(401);
    expect((await login('erin', '123456')).statusCode).toBe(200);
  });

  it('update-password checks the old password and that the two new ones match', async () => {
    await submit(newUser('frank'));
    const token = (await login('frank', 'typed-pass')).json().access_token;
    const change = (oldP: string, a: string, b: string) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/update-password?${new URLSearchParams({ oldPassword: md5Hex(oldP), newPassword: md5Hex(a), newPassword1: md5Hex(b) })}`,
        headers: bearer(token),
      });
    expect((await change('wrong-old', 'new-pass-1', 'new-pass-1')).json().msg).toBe('原密码不正确');
    expect((await change('typed-pass', 'new-pass-1', 'new-pass-2')).json().msg).toBe('两次密码输入不一致');
    expect((await change('typed-pass', 'new-pass-1', 'new-pass-1')).statusCode).toBe(200);
    expect((await login('frank', 'new-pass-1')).statusCode).toBe(200);
    expect((await login('frank', 'typed-pass')).statusCode).toBe(400);
  });
});

describe('self service', () => {
  it('info answers the caller; update-info changes only the caller', async () => {
    const created = (await submit(newUser('gina'))).json().data;
    const token = (await login('gina', 'typed-pass')).json().access_token;
    const info = await t.app.inject({ url: `${BASE}/info`, headers: bearer(token) });
    expect(info.json().data).toMatchObject({ id: created.id, account: 'gina', roleName: 'clerk' });
    expect(info.body).not.toMatch(/argon2|"password"/);
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/update-info`,
      headers: bearer(token),
      payload: { name: 'Gina G', id: '1123598821738675201', account: 'hacked' },
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow('gina'))?.name).toBe('Gina G');
    expect((await userRow('admin'))?.name).toBe('管理员');
  });
});

describe(`POST ${BASE}/grant`, () => {
  it('replaces the roles of the users, refusing unknown roles and other tenants’ users', async () => {
    const created = (await submit(newUser('hank'))).json().data;
    const other = await createRole(t.database.db, '000000', 'picker');
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/grant?userIds=${created.id}&roleIds=${other}`,
      headers: t.auth(),
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow('hank'))?.role_id).toBe(other);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${BASE}/grant?userIds=${created.id}&roleIds=424242`,
          headers: t.auth(),
        })
      ).statusCode,
    ).toBe(400);
    await createTenant(t.database.db, '300002');
    const foreignRole = await createRole(t.database.db, '300002', 'x');
    const foreignUser = await createUser(t.database.db, '300002', 'foreigner', 'secret-1', { roleIds: [foreignRole] });
    const cross = await t.app.inject({
      method: 'POST',
      url: `${BASE}/grant?userIds=${foreignUser}&roleIds=${other}`,
      headers: t.auth(),
    });
    expect(cross.statusCode).toBe(404);
  });
});

describe('platform settings of a user', () => {
  it('update-platform stores the extension per user type, platform-detail answers it', async () => {
    const created = (await submit(newUser('ivy'))).json().data;
    const set = await t.app.inject({
      method: 'POST',
      url: `${BASE}/update-platform?userId=${created.id}&userType=2&userExt=%7B%22a%22%3A1%7D`,
      headers: t.auth(),
    });
    expect(set.statusCode).toBe(200);
    const got = await t.app.inject({
      url: `${BASE}/platform-detail?userId=${created.id}&userType=2`,
      headers: t.auth(),
    });
    expect(got.json().data).toMatchObject({ id: created.id, userType: 2, userTypeName: 'APP', userExt: '{"a":1}' });
  });

  it('platform-detail answers the user as detail does, with the platform of their own type by default', async () => {
    const created = (await submit(newUser('ivan'))).json().data;
    await t.app.inject({
      method: 'POST',
      url: `${BASE}/update-platform?userId=${created.id}&userType=3&userExt=x3`,
      headers: t.auth(),
    });
    // BladeX binds a User: its Saber sends `id`, and no userType (the user's own: 3 since update-platform)
    const got = (await t.app.inject({ url: `${BASE}/platform-detail?id=${created.id}`, headers: t.auth() })).json();
    const detail = (await t.app.inject({ url: `${BASE}/detail?id=${created.id}`, headers: t.auth() })).json();
    expect(got.data).toEqual({ ...detail.data, userType: 3, userExt: 'x3' });
    expect(got.data).toMatchObject({ account: 'ivan', roleName: 'clerk', deptName: '仓库', userTypeName: 'OTHER' });
    expect(got.data).not.toHaveProperty('password');
    const web = await t.app.inject({ url: `${BASE}/platform-detail?id=${created.id}&userType=1`, headers: t.auth() });
    expect(web.json().data).toMatchObject({ id: created.id, userType: 1, userExt: '' });
  });

  it('platform-detail refuses a malformed id or type, and does not find another tenant’s user', async () => {
    for (const query of ['id=abc', 'userId=1.5', 'id=', 'id=1&userType=4', 'id=1&userType=x']) {
      const res = await t.app.inject({ url: `${BASE}/platform-detail?${query}`, headers: t.auth() });
      expect(res.statusCode, query).toBe(400);
    }
    await createTenant(t.database.db, '300004');
    const foreigner = await createUser(t.database.db, '300004', 'platform-foreigner', 'secret-1');
    for (const key of ['id', 'userId']) {
      const res = await t.app.inject({ url: `${BASE}/platform-detail?${key}=${foreigner}`, headers: t.auth() });
      expect(res.statusCode, key).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('platform-foreigner');
    }
    expect((await t.app.inject({ url: `${BASE}/platform-detail?id=${foreigner}` })).statusCode).toBe(401);
  });
});

describe(`POST ${BASE}/register-guest`, () => {
  const GUESTS = '300018'; // a tenant that opened registration
  const register = (tenantId: string, account: string, password = 'guest-pass') =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/register-guest`,
      headers: { 'accept-language': 'en' },
      payload: { tenantId, name: 'Guest', account, password },
    });
  beforeAll(async () => {
    await createTenant(t.database.db, GUESTS);
    await sql`update blade_tenant set guest_registration = 1 where tenant_id = ${GUESTS}`.execute(t.database.db);
  });

  it('creates an account awaiting approval, which sign-in says, until an administrator approves it', async () => {
    expect((await register(GUESTS, 'guest-1')).statusCode).toBe(200);
    const guest = await userRow('guest-1');
    expect(guest).toMatchObject({ status: 2, role_id: '' });
    expect((await login('guest-1', 'guest-pass', GUESTS)).json().error_description).toBe(
      '该账号正在等待管理员审核,审核通过后即可登录',
    );
    // the list shows the state; approving opens the account, then roles come as for anyone
    const admin = await t.authFor(await createCaller(t.database.db, GUESTS, 'approver', ['user', 'user_edit']));
    const listed = await t.app.inject({ url: `${BASE}/page?account=guest-1`, headers: admin });
    expect(listed.json().data.records[0]).toMatchObject({ account: 'guest-1', status: 2 });
    const approve = (ids: string) =>
      t.app.inject({ method: 'POST', url: `${BASE}/approve?userIds=${ids}`, headers: admin });
    expect((await approve(String(guest!.id))).statusCode).toBe(200);
    expect(await userRow('guest-1')).toMatchObject({ status: 1 });
    expect((await login('guest-1', 'guest-pass', GUESTS)).json().error_description).toBe('未获得用户的角色信息');
    expect((await approve(String(guest!.id))).statusCode).toBe(400);
  });

  it('answers a taken account as a new one and changes nothing: the answer tells no account exists', async () => {
    await createUser(t.database.db, GUESTS, 'taken', 'owner-pass', { roleIds: [] });
    const before = await userRow('taken');
    const res = await register(GUESTS, 'taken', 'guest-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await register(GUESTS, 'fresh-guest')).json());
    expect(await userRow('taken')).toEqual(before);
  });

  it('is closed in the platform tenant, in tenants that did not open it, in unknown ones, all alike', async () => {
    await createTenant(t.database.db, '300019'); // registration off: the default
    const answers = [];
    for (const [tenantId, account] of [
      ['000000', 'guest-2'],
      ['300019', 'guest-3'],
      ['999998', 'guest-4'],
    ] as const) {
      const res = await register(tenantId, account);
      answers.push(res.json());
      expect(await userRow(account)).toBeUndefined();
    }
    expect(answers).toEqual(
      Array(3).fill({ code: 400, success: false, data: null, msg: 'Registration is not open in this tenant' }),
    );
  });

  it('is closed everywhere when account.registerUser is not true', async () => {
    await sql`update blade_param set param_value = 'false' where param_key = 'account.registerUser'`.execute(
      t.database.db,
    );
    try {
      const res = await register(GUESTS, 'guest-5');
      expect(res.json()).toMatchObject({ code: 400, msg: 'Registration is not open in this tenant' });
      expect(await userRow('guest-5')).toBeUndefined();
    } finally {
      await sql`update blade_param set param_value = 'true' where param_key = 'account.registerUser'`.execute(
        t.database.db,
      );
    }
  });
});

describe('users of another tenant', () => {
  it('are never listed, read, changed or removed', async () => {
    await createTenant(t.database.db, '300003');
    const bRole = await createRole(t.database.db, '300003', 'b-admin', [
      'user',
      'user_view',
      'user_add',
      'user_edit',
      'user_delete',
      'user_reset',
    ]);
    const bAdmin = await t.authFor({
      ...plainUser,
      tenantId: '300003',
      userId: nextId(),
      roleIds: [bRole],
      roleAliases: ['b-admin'],
    });
    const alice = await userRow('alice');
    const list = await t.app.inject({ url: `${BASE}/list?size=1000`, headers: bAdmin });
    expect(list.json().data.records).toEqual([]);
    expect((await t.app.inject({ url: `${BASE}/detail?id=${alice!.id}`, headers: bAdmin })).statusCode).toBe(404);
    expect((await submit({ id: alice!.id, name: 'stolen' }, bAdmin)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${alice!.id}`, headers: bAdmin })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `${BASE}/reset-password?userIds=${alice!.id}`, headers: bAdmin }))
        .statusCode,
    ).toBe(404);
    expect(await userRow('alice')).toMatchObject({ name: 'alice', is_deleted: 0 });
    expect((await login('alice', 'typed-pass')).statusCode).toBe(200);
  });

  it('callers without the codes get 403 and change nothing', async () => {
    const before = await userCount();
    for (const call of [
      { method: 'GET' as const, url: `${BASE}/list` },
      { method: 'POST' as const, url: `${BASE}/submit`, payload: newUser('nope') },
      { method: 'POST' as const, url: `${BASE}/reset-password?userIds=1` },
      { method: 'POST' as const, url: `${BASE}/grant?userIds=1&roleIds=1` },
    ]) {
      expect((await t.app.inject({ ...call, headers: t.auth(plainUser) })).statusCode).toBe(403);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('handing out roles', () => {
  it('never gives more than the giver holds: not to oneself, not administrator, not a bigger role', async () => {
    const managerRole = await createRole(t.database.db, '000000', 'user-manager', [
      'user',
      'user_view',
      'user_edit',
      'user_role',
    ]);
    const managerId = (await submit(newUser('manager-1', { roleId: managerRole }))).json().data.id;
    const manager = await t.authFor({
      ...plainUser,
      userId: managerId,
      roleIds: [managerRole],
      roleAliases: ['user-manager'],
    });
    const bigger = await createRole(t.database.db, '000000', 'bigger', ['user', 'param', 'param_edit']);
    const target = (await submit(newUser('target-1'))).json().data.id;
    const ADMINISTRATOR = '1123598816738675201';
    const cases = [
      ['oneself', { id: managerId, roleId: bigger }],
      ['administrator', { id: target, roleId: ADMINISTRATOR }],
      ['a role beyond', { id: target, roleId: bigger }],
    ] as const;
    for (const [what, payload] of cases) {
      const res = await submit(payload, manager);
      expect(res.statusCode, what).toBe(403);
    }
    for (const [userIds, roleIds] of [
      [managerId, bigger],
      [target, ADMINISTRATOR],
      [target, bigger],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE}/grant?userIds=${userIds}&roleIds=${roleIds}`,
        headers: manager,
      });
      expect(res.statusCode).toBe(403);
    }
    expect(
      (
        await sql<{
          role_id: string;
        }>`select role_id from blade_user where id in (${managerId}, ${target}) order by account`.execute(t.database.db)
      ).rows,
    ).toEqual([{ role_id: managerRole }, { role_id: roleId }]);
    // A role within what the manager holds may be given.
    const smaller = await createRole(t.database.db, '000000', 'smaller', ['user']);
    expect((await submit({ id: target, roleId: smaller }, manager)).statusCode).toBe(200);
  });

  it('changes another user’s password only through reset-password', async () => {
    const created = (await submit(newUser('kept-pass'))).json().data;
    const before = (await userRow('kept-pass'))?.password;
    const res = await submit({ id: created.id, password: 'taken-over' }, { ...t.auth(), 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Use reset password to change another user’s password');
    expect((await userRow('kept-pass'))?.password).toBe(before);
  });

  it('ends the sessions of a user whose roles change', async () => {
    const created = (await submit(newUser('regranted'))).json().data;
    const token = (await login('regranted', 'typed-pass')).json().access_token;
    const other = await createRole(t.database.db, '000000', 'regrant');
    await new Promise((r) => setTimeout(r, 1100)); // a token of an earlier second
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${BASE}/grant?userIds=${created.id}&roleIds=${other}`,
          headers: t.auth(),
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `${BASE}/info`, headers: bearer(token) })).statusCode).toBe(401);
  });
});
