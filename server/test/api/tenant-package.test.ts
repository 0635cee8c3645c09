import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/tenant-package';
const EN = { 'accept-language': 'en-US,en;q=0.9' };
let t: TestApp;
let userMenus: string; // the `user` menu and its `user_add` button
let postMenu: string;

beforeAll(async () => {
  t = await createTestApp();
  userMenus = (await menuIds(['user', 'user_add'])).join(',');
  postMenu = (await menuIds(['post']))[0]!;
});
afterAll(() => t.close());

async function menuIds(codes: string[]) {
  const { rows } = await sql<{ id: string }>`
    select id from blade_menu where code in (${sql.join(codes)}) order by id`.execute(t.database.db);
  return rows.map((r) => String(r.id));
}

async function packageRows() {
  const { rows } = await sql<{ id: string; package_name: string; menu_id: string; is_deleted: number }>`
    select id, package_name, menu_id, is_deleted from blade_tenant_package order by id`.execute(t.database.db);
  return rows;
}

function submit(body: unknown, headers: Record<string, string> = t.auth()) {
  return t.app.inject({ method: 'POST', url: `${BASE}/submit`, headers, payload: body as object });
}

async function createPackage(packageName: string, menuId = userMenus) {
  const res = await submit({ packageName, menuId, remark: 'r' });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; packageName: string; menuId: string };
}

describe(`POST ${BASE}/submit`, () => {
  it('inserts a package and answers it, with its menu ids trimmed and without repeats', async () => {
    const [a, b] = userMenus.split(',');
    const res = await submit({ packageName: ' Basic ', menuId: ` ${a}, ${b},${a}, ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ packageName: 'Basic', menuId: userMenus, status: 1, isDeleted: 0 });
    const row = (await packageRows()).find((r) => String(r.id) === res.json().data.id);
    expect(row).toMatchObject({ package_name: 'Basic', menu_id: userMenus });
  });

  const missing = [
    ['packageName', '请输入产品包名称', 'Please enter package name'],
    ['menuId', '请选择菜单', 'Please select menu'],
  ] as const;
  for (const [field, zh, en] of missing) {
    it(`refuses a missing or blank ${field} with "${en}" and writes nothing`, async () => {
      const before = await packageRows();
      const full = { packageName: 'p', menuId: userMenus };
      const absent = await submit({ ...full, [field]: undefined });
      expect(absent.statusCode).toBe(400);
      expect(absent.json()).toMatchObject({ code: 400, success: false, msg: zh });
      const blank = await submit({ ...full, [field]: field === 'menuId' ? ' , ' : '  ' }, { ...t.auth(), ...EN });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().msg).toBe(en);
      expect(await packageRows()).toEqual(before);
    });
  }

  it('refuses menu ids that are malformed or name no menu, saying which, and writes nothing', async () => {
    const before = await packageRows();
    const malformed = await submit({ packageName: 'p', menuId: `${postMenu},abc` }, { ...t.auth(), ...EN });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toBe('These menu ids are not valid: abc');
    const unknown = await submit({ packageName: 'p', menuId: `${postMenu},42` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('以下菜单不存在: 42');
    await sql`update blade_menu set is_deleted = 1 where id = ${postMenu}`.execute(t.database.db);
    const removedMenu = await submit({ packageName: 'p', menuId: postMenu }, { ...t.auth(), ...EN });
    await sql`update blade_menu set is_deleted = 0 where id = ${postMenu}`.execute(t.database.db);
    expect(removedMenu.json().msg).toBe(`These menus do not exist: ${postMenu}`);
    expect(await packageRows()).toEqual(before);
  });

  it('accepts a package that holds every menu', async () => {
    const all = await sql<{ id: string }>`select id from blade_menu`.execute(t.database.db);
    const menuId = all.rows.map((r) => r.id).join(',');
    const res = await submit({ packageName: 'everything', menuId }, { ...t.auth(), ...EN });
    expect(res.statusCode).toBe(200);
    expect((await packageRows()).find((r) => r.package_name === 'everything')?.menu_id).toBe(menuId);
  });

  it('updates with an id, keeping the fields not sent, and checks new menus', async () => {
    const created = await createPackage('to edit');
    const res = await submit({ id: created.id, menuId: postMenu });
    expect(res.json().data).toMatchObject({ id: created.id, packageName: 'to edit', menuId: postMenu, remark: 'r' });
    const bad = await submit({ id: created.id, menuId: '42' });
    expect(bad.statusCode).toBe(400);
    const blankName = await submit({ id: created.id, packageName: '' });
    expect(blankName.statusCode).toBe(400);
    expect((await packageRows()).find((r) => String(r.id) === created.id)).toMatchObject({
      package_name: 'to edit',
      menu_id: postMenu,
    });
  });

  it('answers 404 for an update of an unknown id and inserts nothing', async () => {
    const before = await packageRows();
    const res = await submit({ id: '999999999', packageName: 'ghost', menuId: postMenu });
    expect(res.statusCode).toBe(404);
    expect(await packageRows()).toEqual(before);
  });
});

describe(`GET ${BASE}/list and /detail`, () => {
  it('lists packages filtered by equality and answers one by id', async () => {
    const created = await createPackage('Listed');
    await createPackage('Listed too');
    const list = (await t.app.inject({ url: `${BASE}/list?packageName=Listed`, headers: t.auth() })).json().data;
    expect(list.records.map((r: { id: string }) => r.id)).toEqual([created.id]);
    const detail = await t.app.inject({ url: `${BASE}/detail?id=${created.id}`, headers: t.auth() });
    expect(detail.json().data).toMatchObject({ id: created.id, packageName: 'Listed', menuId: userMenus });
    expect((await t.app.inject({ url: `${BASE}/detail?id=123`, headers: t.auth() })).statusCode).toBe(404);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('soft-deletes packages no live tenant uses', async () => {
    const created = await createPackage('to remove');
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${created.id}`, headers: t.auth() });
    expect(res.statusCode).toBe(200);
    expect((await packageRows()).find((r) => String(r.id) === created.id)?.is_deleted).toBe(1);
  });

  it('refuses a package a live tenant uses, naming the tenant, and removes nothing', async () => {
    const used = await createPackage('in use');
    const free = await createPackage('free');
    await createTenant(t.database.db, '500001');
    await sql`update blade_tenant set package_id = ${used.id}, tenant_name = 'Acme' where tenant_id = '500001'`.execute(
      t.database.db,
    );
    const before = await packageRows();
    const url = `${BASE}/remove?ids=${free.id},${used.id}`;
    const res = await t.app.inject({ method: 'POST', url, headers: { ...t.auth(), ...EN } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The package in use is used by tenant Acme(500001) and cannot be removed');
    const zh = await t.app.inject({ method: 'POST', url, headers: t.auth() });
    expect(zh.json().msg).toBe('产品包 in use 正被租户 Acme(500001) 使用,不能删除');
    expect(await packageRows()).toEqual(before);
    // Once the tenant is removed, its package may go.
    await sql`update blade_tenant set is_deleted = 1 where tenant_id = '500001'`.execute(t.database.db);
    expect((await t.app.inject({ method: 'POST', url, headers: t.auth() })).statusCode).toBe(200);
  });
});

describe('a package change reaches permissions at once', () => {
  it('narrows and widens what a tenant’s role holds without waiting for the cache', async () => {
    const pkg = await createPackage('limits', userMenus);
    await createTenant(t.database.db, '500002');
    await sql`update blade_tenant set package_id = ${pkg.id} where tenant_id = '500002'`.execute(t.database.db);
    const roleId = await createRole(t.database.db, '500002', 'clerk', ['user', 'user_add', 'post']);
    const caller = { ...plainUser, tenantId: '500002', roleIds: [roleId], roleAliases: ['clerk'] };
    const holds = (code: string) => t.app.platform.permissions.hasAny(caller, [code]);
    expect(await holds('user_add')).toBe(true);
    expect(await holds('post')).toBe(false);
    expect((await submit({ id: pkg.id, menuId: postMenu })).statusCode).toBe(200);
    expect(await holds('user_add')).toBe(false);
    expect(await holds('post')).toBe(true);
  });
});

describe('who may call the tenant-package endpoints', () => {
  const calls = [
    { method: 'GET', url: `${BASE}/list` },
    { method: 'GET', url: `${BASE}/detail?id=1` },
    { method: 'POST', url: `${BASE}/submit`, payload: { packageName: 'perm', menuId: '1' } },
    { method: 'POST', url: `${BASE}/remove?ids=1` },
  ] as const;

  it('answers 401 without a token and 403 without the permission, writing nothing', async () => {
    const before = await packageRows();
    for (const call of calls) {
      expect((await t.app.inject({ ...call })).statusCode, call.url).toBe(401);
      const clerk = await t.app.inject({ ...call, headers: t.auth(plainUser) });
      expect(clerk.statusCode, call.url).toBe(403);
      expect(clerk.json().msg).toBe('没有权限执行该操作');
    }
    expect(await packageRows()).toEqual(before);
  });

  it('lets a platform role holding only the add code add, but not edit or remove', async () => {
    const created = await createPackage('guarded');
    const roleId = await createRole(t.database.db, '000000', 'pkg-adder', ['tenantpackage', 'tenantpackage_add']);
    const adder = await t.authFor({ ...plainUser, roleIds: [roleId], roleAliases: ['pkg-adder'] });
    expect((await submit({ packageName: 'by adder', menuId: postMenu }, adder)).statusCode).toBe(200);
    const before = await packageRows();
    expect((await submit({ id: created.id, packageName: 'changed' }, adder)).statusCode).toBe(403);
    const remove = await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${created.id}`, headers: adder });
    expect(remove.statusCode).toBe(403);
    expect(await packageRows()).toEqual(before);
  });

  it('refuses callers of another tenant even when their role holds every package code', async () => {
    const created = await createPackage('platform only');
    await createTenant(t.database.db, '500003');
    const roleId = await createRole(t.database.db, '500003', 'pkg-admin', [
      'tenantpackage',
      'tenantpackage_add',
      'tenantpackage_edit',
      'tenantpackage_delete',
    ]);
    const other = await t.authFor({ ...plainUser, tenantId: '500003', roleIds: [roleId], roleAliases: ['pkg-admin'] });
    const before = await packageRows();
    const answers = [
      await t.app.inject({ url: `${BASE}/list`, headers: other }),
      await t.app.inject({ url: `${BASE}/detail?id=${created.id}`, headers: other }),
      await submit({ packageName: 'by other', menuId: postMenu }, other),
      await submit({ id: created.id, packageName: 'taken' }, other),
      await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${created.id}`, headers: other }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('platform only');
    }
    expect(await packageRows()).toEqual(before);
  });
});
