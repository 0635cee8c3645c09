import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { seedPlatform } from '../../src/seed/platform-seed.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, platformAdmin, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/tenant';
/** What a new tenant's admin signs in with unless the form gives one: 6 characters, as sign-in requires. */
const DEFAULT_PASSWORD = '123456';
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const EN = { 'accept-language': 'en-US,en;q=0.9' };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface TenantRecord {
  id: string;
  tenantId: string;
  tenantName: string;
  accountNumber: number;
  domain: string | null;
}

interface TenantRow {
  id: string;
  tenant_id: string;
  tenant_name: string;
  domain: string | null;
  account_number: number;
  expire_time: Date | null;
  package_id: string | null;
  datasource_id: string | null;
  status: number;
  is_deleted: number;
}

async function tenantRows() {
  const { rows } = await sql<TenantRow>`
    select id, tenant_id, tenant_name, domain, account_number, expire_time, package_id, datasource_id, status, is_deleted
    from blade_tenant order by id`.execute(t.database.db);
  return rows;
}

/** Everything a tenant creation writes, counted, so a refused call can be shown to write nothing. */
async function everything() {
  const tables = ['blade_tenant', 'blade_role', 'blade_role_menu', 'blade_dept', 'blade_post', 'blade_dict_biz'];
  const counts: Record<string, string> = {};
  for (const table of [...tables, 'blade_user', 'blade_user_dept']) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.database.db);
    counts[table] = String(rows[0]?.n);
  }
  return { counts, tenants: await tenantRows() };
}

function post(url: string, headers: Record<string, string> = t.auth(), payload?: object) {
  return t.app.inject({ method: 'POST', url, headers, payload });
}
const submit = (body: object, headers: Record<string, string> = t.auth()) => post(`${BASE}/submit`, headers, body);

async function createViaApi(tenantName: string, extra: Record<string, unknown> = {}) {
  const res = await submit({ tenantName, ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().data as TenantRecord;
}

function signIn(tenantId: string, username: string, password: string) {
  const query = new URLSearchParams({ grant_type: 'password', scope: 'all', tenantId, username });
  query.set('password', md5Hex(password));
  return t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${query}`,
    headers: { authorization: SABER },
  });
}

async function codesOfRole(roleId: string) {
  const { rows } = await sql<{ code: string }>`
    select m.code from blade_role_menu rm join blade_menu m on m.id = rm.menu_id where rm.role_id = ${roleId}`.execute(
    t.database.db,
  );
  return rows.map((r) => r.code);
}

describe(`POST ${BASE}/submit (create)`, () => {
  it('creates the tenant with its admin role, root dept, ceo post, dictionaries, leave process and admin user', async () => {
    const created = await createViaApi('Acme Trading', { linkman: 'Li', domain: 'acme.example.com' });
    expect(created.tenantId).toMatch(/^\d{6}$/);
    expect(created.tenantId).not.toBe('000000');
    expect(created).toMatchObject({ tenantName: 'Acme Trading', accountNumber: 100, linkman: 'Li', status: 1 });
    const id = created.tenantId;
    const db = t.database.db;

    const roles = (
      await sql<{ id: string; role_alias: string }>`
      select id, role_alias from blade_role where tenant_id = ${id} order by sort`.execute(db)
    ).rows;
    // admin, and the leave process's approver roles, whose members see their work lists
    expect(roles.map((r) => r.role_alias)).toEqual(['admin', 'manager', 'boss']);
    expect(await codesOfRole(roles[1]!.id)).toEqual(expect.arrayContaining(['work', 'work_claim', 'work_claim_sign']));
    const leave = await sql<{ key: string; category: string }>`
      select key, category from flow_definition where tenant_id = ${id}`.execute(db);
    expect(leave.rows).toEqual([{ key: 'Leave', category: 'flow_1' }]);
    const codes = await codesOfRole(roles[0]!.id);
    // The default menu codes and their descendants (a button under `user`), nothing of the platform's own.
    expect(codes).toEqual(expect.arrayContaining(['desk', 'user', 'user_add', 'dept', 'dictbiz', 'topmenu']));
    expect(codes).not.toContain('tenant');
    expect(codes).not.toContain('param');

    const depts = (
      await sql<{ id: string; dept_name: string; parent_id: string }>`
      select id, dept_name, parent_id from blade_dept where tenant_id = ${id}`.execute(db)
    ).rows;
    expect(depts).toEqual([expect.objectContaining({ dept_name: 'Acme Trading', parent_id: '0' })]);
    const posts = (
      await sql<{ id: string; post_code: string }>`
      select id, post_code from blade_post where tenant_id = ${id}`.execute(db)
    ).rows;
    expect(posts.map((p) => p.post_code)).toEqual(['ceo']);
    const dicts = await sql<{ tenant_id: string; n: string }>`
      select tenant_id, count(*) as n from blade_dict_biz where tenant_id in ('000000', ${id}) group by tenant_id`.execute(
      db,
    );
    expect(dicts.rows).toHaveLength(2);
    expect(dicts.rows[0]!.n).toBe(dicts.rows[1]!.n);

    const users = (
      await sql<{ id: string; account: string; password: string; role_id: string; dept_id: string; post_id: string }>`
      select id, account, password, role_id, dept_id, post_id from blade_user where tenant_id = ${id}`.execute(db)
    ).rows;
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      account: 'admin',
      role_id: roles[0]!.id,
      dept_id: depts[0]!.id,
      post_id: posts[0]!.id,
    });
    expect(users[0]!.password).toMatch(/^\$argon2id\$/);
    const links = await sql`select dept_id from blade_user_dept where user_id = ${users[0]!.id}`.execute(db);
    expect(links.rows).toEqual([{ dept_id: depts[0]!.id }]);
  });

  it('gives the new tenant’s admin the groups above its menus, so its role-grant tree keeps them in their groups', async () => {
    const created = await createViaApi('Grant Tree Co');
    const { rows } = await sql<{ id: string; role_id: string }>`
      select id, role_id from blade_user where tenant_id = ${created.tenantId} and account = 'admin'`.execute(
      t.database.db,
    );
    const admin = rows[0]!;
    const caller = {
      ...platformAdmin,
      tenantId: created.tenantId,
      userId: admin.id,
      account: 'admin',
      roleIds: [admin.role_id],
      roleAliases: ['admin'],
    };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/menu/grant-tree',
      headers: await t.authFor(caller),
    });
    expect(res.statusCode).toBe(200);
    type Node = { title: string; children?: Node[] };
    const roots = (res.json().data.menu as Node[]).map((n) => n.title);
    expect(roots).not.toContain('用户管理');
    expect(roots).not.toContain('角色管理');
    const under = (group: string) => res.json().data.menu.find((n: Node) => n.title === group)?.children ?? [];
    expect(under('系统管理').map((n: Node) => n.title)).toEqual(expect.arrayContaining(['用户管理', '机构管理']));
    expect(under('权限管理').map((n: Node) => n.title)).toContain('角色管理');
  });

  it('lets the new tenant’s admin sign in with the default password', async () => {
    const created = await createViaApi('Sign-in Co');
    const res = await signIn(created.tenantId, 'admin', DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tenant_id: created.tenantId, account: 'admin', role_name: 'admin' });
    expect((await signIn(created.tenantId, 'admin', 'wrong-one')).statusCode).toBe(400);
  });

  it('gives the new admin a password the sign-in form accepts, or the one the form gives', async () => {
    const { rows } = await sql<{ v: string }>`
      select param_value as v from blade_param where param_key = 'tenant.default.password'`.execute(t.database.db);
    expect(rows[0]!.v.length).toBeGreaterThanOrEqual(6);
    const given = await createViaApi('Given Password Co', { adminPassword: 'Chosen-77' });
    expect((await signIn(given.tenantId, 'admin', 'Chosen-77')).statusCode).toBe(200);
    expect((await signIn(given.tenantId, 'admin', DEFAULT_PASSWORD)).statusCode).toBe(400);
    const short = await submit({ tenantName: 'Short Co', adminPassword: 'abc' }, { ...t.auth(), ...EN });
    expect(short.json().msg).toContain('6 to 20 characters');
  });

  it('lets the platform administrator set a tenant admin’s password, ending their sessions', async () => {
    const created = await createViaApi('Forgot Co');
    const token = (await signIn(created.tenantId, 'admin', DEFAULT_PASSWORD)).json().access_token;
    const set = (body: object, headers = t.auth()) => post(`${BASE}/admin-password`, headers, body);
    expect((await set({ tenantId: created.tenantId, password: 'New-Pass-9' })).statusCode).toBe(200);
    expect((await signIn(created.tenantId, 'admin', 'New-Pass-9')).statusCode).toBe(200);
    expect((await signIn(created.tenantId, 'admin', DEFAULT_PASSWORD)).statusCode).toBe(400);
    const old = await t.app.inject({ url: '/api/blade-user/info', headers: { 'blade-auth': `bearer ${token}` } });
    expect(old.statusCode).toBe(401);
    expect((await set({ tenantId: created.tenantId, password: '12345' })).statusCode).toBe(400);
    expect((await set({ tenantId: '999999', password: 'New-Pass-9' })).statusCode).toBe(404);
  });

  it('refuses a default password too short to sign in with', async () => {
    await sql`update blade_param set param_value = 'admin' where param_key = 'tenant.default.password'`.execute(
      t.database.db,
    );
    try {
      const res = await submit({ tenantName: 'Old Param Co' }, { ...t.auth(), ...EN });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('tenant.default.password');
    } finally {
      await sql`update blade_param set param_value = ${DEFAULT_PASSWORD} where param_key = 'tenant.default.password'`.execute(
        t.database.db,
      );
    }
  });

  it('fixes an installation still on BladeX’s default admin password, once, on its next start', async () => {
    const db = t.database.db;
    await sql`update blade_param set param_value = 'admin' where param_key = 'tenant.default.password'`.execute(db);
    await sql`delete from blade_setting where key = 'seed.tenant-default-password'`.execute(db);
    await seedPlatform(db, 'admin-password');
    const { rows } = await sql<{ v: string }>`
      select param_value as v from blade_param where param_key = 'tenant.default.password'`.execute(db);
    expect(rows[0]!.v).toBe(DEFAULT_PASSWORD);
  });

  it('takes the quota and password from the parameters, unless the quota is given', async () => {
    await sql`update blade_param set param_value = '7' where param_key = 'tenant.default.accountNumber'`.execute(
      t.database.db,
    );
    await sql`update blade_param set param_value = 'Fresh-Pass-1' where param_key = 'tenant.default.password'`.execute(
      t.database.db,
    );
    try {
      const fromParam = await createViaApi('Param Co');
      expect(fromParam.accountNumber).toBe(7);
      expect((await signIn(fromParam.tenantId, 'admin', 'Fresh-Pass-1')).statusCode).toBe(200);
      expect((await createViaApi('Given Co', { accountNumber: -1 })).accountNumber).toBe(-1);
    } finally {
      await sql`update blade_param set param_value = '100' where param_key = 'tenant.default.accountNumber'`.execute(
        t.database.db,
      );
      await sql`update blade_param set param_value = ${DEFAULT_PASSWORD} where param_key = 'tenant.default.password'`.execute(
        t.database.db,
      );
    }
  });

  it('never takes the tenant id from the body', async () => {
    const created = await createViaApi('Planted Co', { tenantId: '000000' });
    expect(created.tenantId).not.toBe('000000');
    expect((await tenantRows()).filter((r) => r.tenant_id === '000000')).toHaveLength(1);
  });

  it('writes nothing at all when a late step fails', async () => {
    const db = t.database.db;
    await sql
      .raw(`
      create function refuse_tenant_admin() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`)
      .execute(db);
    await sql
      .raw(`
      create trigger refuse_tenant_admin before insert on blade_user for each row
      when (new.tenant_id <> '000000') execute function refuse_tenant_admin()`)
      .execute(db);
    try {
      const before = await everything();
      const res = await submit({ tenantName: 'Doomed Co' });
      expect(res.statusCode).toBe(500);
      expect(await everything()).toEqual(before);
    } finally {
      await sql.raw('drop trigger refuse_tenant_admin on blade_user').execute(db);
      await sql.raw('drop function refuse_tenant_admin()').execute(db);
    }
  });

  it('refuses a missing or blank name, in either language, and writes nothing', async () => {
    const before = await everything();
    const absent = await submit({ linkman: 'x' });
    expect(absent.statusCode).toBe(400);
    expect(absent.json()).toMatchObject({ code: 400, success: false, msg: '请输入租户名称' });
    const blank = await submit({ tenantName: '   ' }, { ...t.auth(), ...EN });
    expect(blank.json().msg).toBe('Please enter tenant name');
    expect(await everything()).toEqual(before);
  });

  it('refuses a bad quota, a bad expiry and a domain in use, and writes nothing', async () => {
    await createViaApi('Domain Owner', { domain: 'taken.example.com' });
    const before = await everything();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ accountNumber: -2 }, 400, 'The account quota must be -1 (unlimited) or a whole number of at least 0'],
      [{ accountNumber: 'many' }, 400, 'The account quota must be -1 (unlimited) or a whole number of at least 0'],
      [{ expireTime: 'next week' }, 400, 'The expiry time is not a valid date and time'],
      [{ domain: 'taken.example.com' }, 409, 'The domain taken.example.com is already used by tenant Domain Owner'],
    ];
    for (const [change, status, message] of cases) {
      const res = await submit({ tenantName: 'Bad Co', ...change }, { ...t.auth(), ...EN });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().msg).toBe(message);
    }
    expect((await submit({ tenantName: 'Bad Co', accountNumber: -2 })).json().msg).toBe(
      '账号额度须为 -1(不限)或不小于 0 的整数',
    );
    expect(await everything()).toEqual(before);
  });
});

describe(`POST ${BASE}/submit (update)`, () => {
  it('updates the fields sent and keeps the others and the tenant id', async () => {
    const created = await createViaApi('Old Name', { linkman: 'Wang', domain: 'old.example.com' });
    const res = await submit({
      id: created.id,
      tenantName: 'New Name',
      tenantId: '123456',
      domain: 'new.example.com',
      expireTime: '2031-01-02 03:04:05',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ tenantId: created.tenantId, tenantName: 'New Name', linkman: 'Wang' });
    expect(new Date(res.json().data.expireTime).getFullYear()).toBe(2031);
    const info = await t.app.inject({ url: `${BASE}/info?domain=new.example.com` });
    expect(info.json().data).toEqual({ tenantId: created.tenantId, domain: 'new.example.com', backgroundUrl: '' });
  });

  it('ends the sessions of a tenant it disables or lets expire, at once, and of no other tenant', async () => {
    const paused = await createViaApi('Paused Co');
    const running = await createViaApi('Running Co');
    const expiring = await createViaApi('Expiring Co');
    const bearer = async (tenantId: string) => ({
      'blade-auth': `bearer ${(await signIn(tenantId, 'admin', DEFAULT_PASSWORD)).json().access_token}`,
    });
    const [a, b, c] = [await bearer(paused.tenantId), await bearer(running.tenantId), await bearer(expiring.tenantId)];
    const userInfo = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers })).statusCode;
    expect([await userInfo(a), await userInfo(b), await userInfo(c)]).toEqual([200, 200, 200]);

    expect((await submit({ id: running.id, tenantName: 'Running Co 2' })).statusCode).toBe(200);
    expect((await submit({ id: paused.id, status: 0 })).statusCode).toBe(200);
    expect((await submit({ id: expiring.id, expireTime: '2001-01-01 00:00:00' })).statusCode).toBe(200);
    expect([await userInfo(a), await userInfo(b), await userInfo(c), await userInfo(t.auth())]).toEqual([
      401, 200, 401, 200,
    ]);
  });

  it('refuses to disable the platform tenant, which would end every session', async () => {
    const platform = (await tenantRows()).find((r) => r.tenant_id === '000000')!;
    const res = await submit({ id: platform.id, status: 0 }, { ...t.auth(), ...EN });
    expect(res.json()).toMatchObject({ code: 400, msg: 'The platform tenant 000000 cannot be disabled' });
    expect((await tenantRows()).find((r) => r.id === platform.id)?.status).toBe(1);
    expect((await t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers: t.auth() })).statusCode).toBe(200);
  });

  it('guest registration: off by default, opened per tenant, never in the platform tenant (issue 16 item 14)', async () => {
    const guests = await createViaApi('Guests Co');
    expect(guests).toMatchObject({ guestRegistration: 0 });
    expect((await submit({ id: guests.id, guestRegistration: 1 })).statusCode).toBe(200);
    const opened = await t.app.inject({ url: `${BASE}/detail?id=${guests.id}`, headers: t.auth() });
    expect(opened.json().data).toMatchObject({ guestRegistration: 1 });
    const platform = (await tenantRows()).find((r) => r.tenant_id === '000000')!;
    const res = await submit({ id: platform.id, guestRegistration: 1 }, { ...t.auth(), ...EN });
    expect(res.json()).toMatchObject({
      code: 400,
      msg: 'Guest registration cannot be opened in the platform tenant (000000)',
    });
    const bad = await submit({ id: guests.id, guestRegistration: 7 }, { ...t.auth(), ...EN });
    expect(bad.json()).toMatchObject({ code: 400 });
    expect(bad.json().msg).toContain('Guest registration must be 0 (off) or 1 (on)');
  });

  it('refuses a blank name, another tenant’s domain and an unknown id, changing nothing', async () => {
    await createViaApi('Holder', { domain: 'held.example.com' });
    const created = await createViaApi('Editable');
    const before = await tenantRows();
    expect((await submit({ id: created.id, tenantName: '' })).statusCode).toBe(400);
    expect((await submit({ id: created.id, domain: 'held.example.com' })).statusCode).toBe(409);
    expect((await submit({ id: '999999999', tenantName: 'Ghost' })).statusCode).toBe(404);
    expect(await tenantRows()).toEqual(before);
  });
});

describe(`GET ${BASE}/list, /page and /detail`, () => {
  it('filters with the BladeX suffixes and answers one tenant by id', async () => {
    const a = await createViaApi('Filter Alpha');
    await createViaApi('Filter Beta');
    const like = (await t.app.inject({ url: `${BASE}/list?tenantName=filter`, headers: t.auth() })).json().data;
    expect(like.records.map((r: TenantRecord) => r.tenantName).sort()).toEqual(['Filter Alpha', 'Filter Beta']);
    const exact = (await t.app.inject({ url: `${BASE}/page?tenantId_equal=${a.tenantId}`, headers: t.auth() })).json()
      .data;
    expect(exact.records.map((r: TenantRecord) => r.id)).toEqual([a.id]);
    const detail = await t.app.inject({ url: `${BASE}/detail?id=${a.id}`, headers: t.auth() });
    expect(detail.json().data).toMatchObject({ id: a.id, tenantName: 'Filter Alpha' });
    expect(detail.body).not.toMatch(/licenseKey|password/);
    expect((await t.app.inject({ url: `${BASE}/detail?id=42`, headers: t.auth() })).statusCode).toBe(404);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('soft-deletes the tenant, disables its users and ends their sessions', async () => {
    const created = await createViaApi('Closing Co');
    const session = await signIn(created.tenantId, 'admin', DEFAULT_PASSWORD);
    const bearer = { 'blade-auth': `bearer ${session.json().access_token}` };
    expect((await t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers: bearer })).statusCode).toBe(200);

    const res = await post(`${BASE}/remove?ids=${created.id}`);
    expect(res.statusCode).toBe(200);
    const row = (await tenantRows()).find((r) => r.id === created.id);
    expect(row?.is_deleted).toBe(1);
    const users = await sql<{ status: number }>`
      select status from blade_user where tenant_id = ${created.tenantId}`.execute(t.database.db);
    expect(users.rows).toEqual([{ status: 0 }]);
    expect((await t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers: bearer })).statusCode).toBe(401);
    expect((await signIn(created.tenantId, 'admin', DEFAULT_PASSWORD)).statusCode).toBe(400);
  });

  it('refuses tenant 000000 and unknown ids, removing none of the others', async () => {
    const bystander = await createViaApi('Bystander Co');
    const platform = (await tenantRows()).find((r) => r.tenant_id === '000000')!;
    const before = await tenantRows();
    const res = await post(`${BASE}/remove?ids=${bystander.id},${platform.id}`, { ...t.auth(), ...EN });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The platform tenant 000000 cannot be removed');
    expect((await post(`${BASE}/remove?ids=${bystander.id}`, t.auth())).statusCode).toBe(200);
    await sql`update blade_tenant set is_deleted = 0 where id = ${bystander.id}`.execute(t.database.db);
    const unknown = await post(`${BASE}/remove?ids=${bystander.id},424242`);
    expect(unknown.statusCode).toBe(404);
    expect(await tenantRows()).toEqual(before);
  });
});

describe(`POST ${BASE}/setting`, () => {
  it('sets the quota and expiry of several tenants; blanks mean unlimited and never', async () => {
    const a = await createViaApi('Setting A');
    const b = await createViaApi('Setting B');
    const token = (await signIn(a.tenantId, 'admin', DEFAULT_PASSWORD)).json().access_token;
    const res = await post(`${BASE}/setting?ids=${a.id},${b.id}&accountNumber=20&expireTime=2000-01-01 00:00:00`);
    // an expired tenant's sessions end with it
    const infoOfA = await t.app.inject({
      url: '/api/blade-auth/oauth/user-info',
      headers: { 'blade-auth': `bearer ${token}` },
    });
    expect(infoOfA.statusCode).toBe(401);
    expect(res.statusCode).toBe(200);
    const rows = (await tenantRows()).filter((r) => r.id === a.id || r.id === b.id);
    expect(rows.map((r) => r.account_number)).toEqual([20, 20]);
    expect(rows.every((r) => new Date(r.expire_time!).getFullYear() === 2000)).toBe(true);
    expect((await signIn(a.tenantId, 'admin', DEFAULT_PASSWORD)).json().error_description).toBe(
      '租户授权已过期,请联系管理员',
    );

    await post(`${BASE}/setting?ids=${a.id}&accountNumber=&expireTime=`);
    const cleared = (await tenantRows()).find((r) => r.id === a.id)!;
    expect(cleared).toMatchObject({ account_number: -1, expire_time: null });
    expect((await signIn(a.tenantId, 'admin', DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a bad quota or expiry and unknown ids, changing nothing', async () => {
    const a = await createViaApi('Setting C');
    const before = await tenantRows();
    const quota = await post(`${BASE}/setting?ids=${a.id}&accountNumber=-3`, { ...t.auth(), ...EN });
    expect(quota.statusCode).toBe(400);
    expect(quota.json().msg).toBe('The account quota must be -1 (unlimited) or a whole number of at least 0');
    const expiry = await post(`${BASE}/setting?ids=${a.id}&expireTime=soon`);
    expect(expiry.json().msg).toBe('过期时间格式不正确');
    const unknown = await post(`${BASE}/setting?ids=${a.id},424242&accountNumber=5`);
    expect(unknown.statusCode).toBe(404);
    expect(await tenantRows()).toEqual(before);
  });
});

// The embedded database refuses tenant databases; binding on PostgreSQL is tenant-databases.test.ts.
const embedded = process.env.TEST_DB !== 'postgres';

describe(`POST ${BASE}/datasource`, () => {
  beforeAll(async () => {
    await sql`insert into blade_datasource (id, name, driver_class, url, username, password)
      values ('77', 'reports', 'org.postgresql.Driver', 'jdbc:postgresql://db/reports', 'reader', 'sealed:v1:x')`.execute(
      t.database.db,
    );
  });

  // binding on PostgreSQL: tenant-databases.test.ts
  it.skipIf(embedded)('refuses a missing datasource and an unknown tenant, changing nothing', async () => {
    const a = await createViaApi('Datasource Two');
    const before = await tenantRows();
    const missing = await post(`${BASE}/datasource?tenantId=${a.tenantId}`, { ...t.auth(), ...EN });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('Please select a datasource');
    const unknown = await post(`${BASE}/datasource?tenantId=999998&datasourceId=77`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('租户 999998 不存在');
    const noSuchSource = await post(`${BASE}/datasource?tenantId=${a.tenantId}&datasourceId=7`, { ...t.auth(), ...EN });
    expect(noSuchSource.statusCode).toBe(400);
    expect(noSuchSource.json().msg).toBe('The datasource does not exist');
    expect(await tenantRows()).toEqual(before);
  });

  it.skipIf(!embedded)('refuses to bind a tenant on the embedded database, saying to use PostgreSQL', async () => {
    const a = await createViaApi('Datasource Embedded');
    const before = await tenantRows();
    const refused = await post(`${BASE}/datasource?tenantId=${a.tenantId}&datasourceId=77`, { ...t.auth(), ...EN });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('bind tenants to PostgreSQL only');
    const zh = await post(`${BASE}/datasource?tenantId=${a.tenantId}&datasourceId=77`);
    expect(zh.json().msg).toContain('租户只能绑定到 PostgreSQL');
    expect(await tenantRows()).toEqual(before);
  });
});

describe(`${BASE}/package-setting and /package-detail`, () => {
  async function createPackage(codes: string[]) {
    const { rows } = await sql<{ id: string }>`select id from blade_menu where code in (${sql.join(codes)})`.execute(
      t.database.db,
    );
    const res = await post('/api/blade-system/tenant-package/submit', t.auth(), {
      packageName: codes.join('+'),
      menuId: rows.map((r) => r.id).join(','),
    });
    return res.json().data as { id: string; packageName: string };
  }

  it('sets a package, answers it by record id or tenant id, and limits permissions at once', async () => {
    const a = await createViaApi('Package Co');
    // Made first: a package change clears the caches itself, which would hide a missing clear below.
    const pkg = await createPackage(['user']);
    const none = await t.app.inject({ url: `${BASE}/package-detail?tenantId=${a.id}`, headers: t.auth() });
    expect(none.json()).toMatchObject({ code: 200, data: {} });
    const adminRole = (
      await sql<{ id: string }>`
      select id from blade_role where tenant_id = ${a.tenantId}`.execute(t.database.db)
    ).rows[0]!.id;
    const caller = { ...plainUser, tenantId: a.tenantId, roleIds: [adminRole], roleAliases: ['admin'] };
    expect(await t.app.platform.permissions.hasAny(caller, ['dept'])).toBe(true);

    const res = await post(`${BASE}/package-setting?tenantId=${a.tenantId}&packageId=${pkg.id}`);
    expect(res.statusCode).toBe(200);
    for (const ref of [a.id, a.tenantId]) {
      const detail = await t.app.inject({ url: `${BASE}/package-detail?tenantId=${ref}`, headers: t.auth() });
      expect(detail.json().data).toMatchObject({ id: pkg.id, packageName: 'user' });
    }
    expect(await t.app.platform.permissions.hasAny(caller, ['dept'])).toBe(false);
    expect(await t.app.platform.permissions.hasAny(caller, ['user'])).toBe(true);
  });

  it('refuses an unknown package or tenant, changing nothing', async () => {
    const a = await createViaApi('Package Two');
    const before = await tenantRows();
    const pkg = await post(`${BASE}/package-setting?tenantId=${a.tenantId}&packageId=424242`, { ...t.auth(), ...EN });
    expect(pkg.statusCode).toBe(400);
    expect(pkg.json().msg).toBe('The package 424242 does not exist');
    const missing = await post(`${BASE}/package-setting?tenantId=${a.tenantId}`);
    expect(missing.json().msg).toBe('请选择产品包');
    expect((await post(`${BASE}/package-setting?tenantId=999997&packageId=1`)).statusCode).toBe(404);
    const detail = await t.app.inject({ url: `${BASE}/package-detail?tenantId=999997`, headers: t.auth() });
    expect(detail.statusCode).toBe(404);
    expect(await tenantRows()).toEqual(before);
  });
});

describe('who may call the tenant endpoints', () => {
  const calls = (id: string, tenantId: string) => [
    { method: 'GET' as const, url: `${BASE}/list` },
    { method: 'GET' as const, url: `${BASE}/page` },
    { method: 'GET' as const, url: `${BASE}/detail?id=${id}` },
    { method: 'POST' as const, url: `${BASE}/submit`, payload: { tenantName: 'Intruder Co' } },
    { method: 'POST' as const, url: `${BASE}/submit`, payload: { id, tenantName: 'Taken' } },
    { method: 'POST' as const, url: `${BASE}/remove?ids=${id}` },
    { method: 'POST' as const, url: `${BASE}/setting?ids=${id}&accountNumber=1` },
    { method: 'POST' as const, url: `${BASE}/datasource?tenantId=${tenantId}&datasourceId=5` },
    { method: 'GET' as const, url: `${BASE}/package-detail?tenantId=${id}` },
    { method: 'POST' as const, url: `${BASE}/package-setting?tenantId=${tenantId}&packageId=5` },
  ];

  it('answers 401 without a token and 403 without the permission, writing nothing', async () => {
    const a = await createViaApi('Guarded Co');
    const before = await everything();
    for (const call of calls(a.id, a.tenantId)) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await t.app.inject({ ...call, headers: t.auth(plainUser) })).statusCode, call.url).toBe(403);
    }
    expect(await everything()).toEqual(before);
  });

  it('checks each action’s own code for platform roles', async () => {
    const a = await createViaApi('Action Co');
    const roleId = await createRole(t.database.db, '000000', 'tenant-adder', ['tenant', 'tenant_add']);
    const adder = await t.authFor({ ...plainUser, roleIds: [roleId], roleAliases: ['tenant-adder'] });
    expect((await t.app.inject({ url: `${BASE}/list`, headers: adder })).statusCode).toBe(200);
    expect((await submit({ tenantName: 'By Adder' }, adder)).statusCode).toBe(200);
    const before = await everything();
    expect((await submit({ id: a.id, tenantName: 'Edited' }, adder)).statusCode).toBe(403);
    expect((await post(`${BASE}/remove?ids=${a.id}`, adder)).statusCode).toBe(403);
    expect((await post(`${BASE}/setting?ids=${a.id}&accountNumber=1`, adder)).statusCode).toBe(403);
    expect(await everything()).toEqual(before);
  });

  it('refuses callers of another tenant even when their role holds every tenant code', async () => {
    const a = await createViaApi('Secret Holdings');
    await createTenant(t.database.db, '700001');
    const codes = ['tenant', 'tenant_add', 'tenant_edit', 'tenant_delete', 'tenant_view', 'tenant_setting'];
    const roleId = await createRole(t.database.db, '700001', 'tenant-boss', [
      ...codes,
      'tenant_datasource',
      'tenant_package',
    ]);
    const other = await t.authFor({ ...plainUser, tenantId: '700001', roleIds: [roleId], roleAliases: ['x'] });
    const before = await everything();
    for (const call of calls(a.id, a.tenantId)) {
      const res = await t.app.inject({ ...call, headers: other });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.body).not.toContain('Secret Holdings');
    }
    expect(await everything()).toEqual(before);
  });
});
