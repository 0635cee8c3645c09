import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/topmenu';
const TENANT_B = '100330';
const TOPMENU_CODES = ['topmenu', 'topmenu_add', 'topmenu_edit', 'topmenu_delete', 'topmenu_view', 'topmenu_setting'];
let t: TestApp;
let menus: Record<string, string>;
let bAdmin: Record<string, string>;

const db = () => t.database.db;
const get = (url: string, headers = t.auth()) => t.app.inject({ url, headers });
const post = (url: string, payload: object | undefined, headers: Record<string, string> = t.auth()) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const en = (headers: Record<string, string>) => ({ ...headers, 'accept-language': 'en-US' });

async function topMenuRows() {
  return (await sql`select * from blade_top_menu order by id`.execute(db())).rows;
}
async function settingRows() {
  return (await sql`select top_menu_id, menu_id from blade_top_menu_setting order by 1, 2`.execute(db())).rows;
}
async function create(body: object, headers = t.auth()) {
  const res = await post(`${BASE}/submit`, body, headers);
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; code: string };
}

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await sql<{ id: string; code: string }>`select id, code from blade_menu`.execute(db());
  menus = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  await createTenant(db(), TENANT_B, { packageMenuCodes: [...TOPMENU_CODES, 'desk'] });
  const roleId = await createRole(db(), TENANT_B, 'admin', [...TOPMENU_CODES, 'desk']);
  bAdmin = await t.authFor({
    ...plainUser,
    tenantId: TENANT_B,
    userId: nextId(),
    roleIds: [roleId],
    roleAliases: ['admin'],
  });
  await create({ code: 'dup', name: 'taken' }, bAdmin);
});
afterAll(() => t.close());

describe(`POST ${BASE}/submit`, () => {
  it('inserts a top menu in the caller’s tenant and updates only the fields sent', async () => {
    const created = await create({ code: 'ops', name: 'Operations', sort: 2, source: 'icon' }, bAdmin);
    expect(created).toMatchObject({ code: 'ops', name: 'Operations', sort: 2, tenantId: TENANT_B, status: 1 });
    const res = await post(`${BASE}/submit`, { id: created.id, name: 'Ops' }, bAdmin);
    expect(res.json().data).toMatchObject({ id: created.id, code: 'ops', name: 'Ops', sort: 2, source: 'icon' });
  });

  const refusals: [string, object, number, string, string][] = [
    ['a missing code', { name: 'n' }, 400, '请输入顶部菜单编号', 'Please enter top menu code'],
    ['a blank name', { code: 'c', name: ' ' }, 400, '请输入顶部菜单名称', 'Please enter top menu name'],
    [
      'a duplicate code',
      { code: 'dup', name: 'n' },
      409,
      '顶部菜单编号 dup 已存在',
      'The top menu code dup already exists',
    ],
  ];
  for (const [what, body, status, zh, enMsg] of refusals) {
    it(`refuses ${what} (${status}) in both languages and writes nothing`, async () => {
      const before = await topMenuRows();
      const zhRes = await post(`${BASE}/submit`, body, bAdmin);
      expect(zhRes.statusCode).toBe(status);
      expect(zhRes.json()).toMatchObject({ code: status, success: false, msg: zh });
      expect((await post(`${BASE}/submit`, body, en(bAdmin))).json().msg).toBe(enMsg);
      expect(await topMenuRows()).toEqual(before);
    });
  }

  it('allows a code another tenant uses', async () => {
    await create({ code: 'shared', name: 'B' }, bAdmin);
    await create({ code: 'shared', name: 'A' });
  });

  it('answers 404 for an update of another tenant’s top menu and changes nothing', async () => {
    const mine = await create({ code: 'a-only', name: 'A' });
    const before = await topMenuRows();
    const res = await post(`${BASE}/submit`, { id: mine.id, name: 'stolen' }, bAdmin);
    expect(res.statusCode).toBe(404);
    expect(await topMenuRows()).toEqual(before);
  });

  it('refuses callers without topmenu_add, writing nothing', async () => {
    const before = await topMenuRows();
    expect((await post(`${BASE}/submit`, { code: 'x', name: 'x' }, t.auth(plainUser))).statusCode).toBe(403);
    expect(await topMenuRows()).toEqual(before);
  });
});

describe(`GET ${BASE}/list and detail`, () => {
  it('lists the caller’s tenant’s top menus, filtering by equality', async () => {
    await create({ code: 'list-a', name: 'List A', sort: 1 }, bAdmin);
    const res = await get(`${BASE}/list?size=100`, bAdmin);
    expect(res.statusCode).toBe(200);
    const records = res.json().data.records as { tenantId: string; code: string }[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.tenantId === TENANT_B)).toBe(true);
    expect((await get(`${BASE}/list?code=list-a`, bAdmin)).json().data.total).toBe(1);
    // Entity style: equality, not "contains".
    expect((await get(`${BASE}/list?code=list`, bAdmin)).json().data.total).toBe(0);
  });

  it('answers detail of the caller’s own top menu, 404 for another tenant’s', async () => {
    const mine = await create({ code: 'detail-a', name: 'Detail' });
    expect((await get(`${BASE}/detail?id=${mine.id}`)).json().data).toMatchObject({
      code: 'detail-a',
      tenantId: '000000',
    });
    expect((await get(`${BASE}/detail?id=${mine.id}`, bAdmin)).statusCode).toBe(404);
  });

  it('refuses callers without topmenu or topmenu_view', async () => {
    expect((await get(`${BASE}/list`, t.auth(plainUser))).statusCode).toBe(403);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('soft-deletes the caller’s top menus, refusing the whole call for another tenant’s id', async () => {
    const mine = await create({ code: 'rm-b', name: 'rm' }, bAdmin);
    const theirs = await create({ code: 'rm-a', name: 'rm' });
    const before = await topMenuRows();
    expect((await post(`${BASE}/remove?ids=${mine.id},${theirs.id}`, undefined, bAdmin)).statusCode).toBe(404);
    expect((await post(`${BASE}/remove?ids=${mine.id}`, undefined, t.auth(plainUser))).statusCode).toBe(403);
    expect(await topMenuRows()).toEqual(before);
    expect((await post(`${BASE}/remove?ids=${mine.id}`, undefined, bAdmin)).statusCode).toBe(200);
    expect((await get(`${BASE}/detail?id=${mine.id}`, bAdmin)).statusCode).toBe(404);
  });
});

describe(`POST ${BASE}/grant`, () => {
  it('replaces the menus of each top menu, and the caller’s routes follow', async () => {
    const a = await create({ code: 'grant-a', name: 'A' }, bAdmin);
    const b = await create({ code: 'grant-b', name: 'B' }, bAdmin);
    await sql`insert into blade_top_menu_setting (id, top_menu_id, menu_id) values (${nextId()}, ${a.id}, ${menus.system})`.execute(
      db(),
    );
    const res = await post(`${BASE}/grant`, { topMenuIds: [a.id, b.id], menuIds: [menus.desk, menus.topmenu] }, bAdmin);
    expect(res.statusCode).toBe(200);
    const keys = await get(`/api/blade-system/menu/top-tree-keys?topMenuIds=${a.id}`, bAdmin);
    expect(keys.json().data.menu).toEqual([menus.desk, menus.topmenu].sort());
    const routes = await get(`/api/blade-system/menu/routes?topMenuId=${b.id}`, bAdmin);
    const codes = (routes.json().data as { code: string; children?: { code: string }[] }[]).flatMap((n) => [
      n.code,
      ...(n.children ?? []).map((c) => c.code),
    ]);
    expect(codes.sort()).toEqual(['desk', 'system', 'topmenu']);
  });

  it('refuses another tenant’s top menus and unknown menus, writing nothing', async () => {
    const mine = await create({ code: 'grant-mine', name: 'm' }, bAdmin);
    const theirs = await create({ code: 'grant-theirs', name: 't' });
    const before = await settingRows();
    const foreign = await post(`${BASE}/grant`, { topMenuIds: [mine.id, theirs.id], menuIds: [menus.desk] }, bAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe(`以下记录不存在或无权操作: ${theirs.id}`);
    const unknown = await post(`${BASE}/grant`, { topMenuIds: [mine.id], menuIds: ['4242'] }, en(bAdmin));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('These menus do not exist: 4242');
    expect(await settingRows()).toEqual(before);
  });

  it('refuses bad input in both languages and callers without topmenu_setting, writing nothing', async () => {
    const mine = await create({ code: 'grant-perm', name: 'p' }, bAdmin);
    const before = await settingRows();
    const missing = await post(`${BASE}/grant`, { menuIds: [menus.desk] }, bAdmin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请选择顶部菜单');
    expect((await post(`${BASE}/grant`, { topMenuIds: [] }, en(bAdmin))).json().msg).toBe('Please select top menus');
    const viewer = await createRole(db(), TENANT_B, 'viewer', ['topmenu', 'topmenu_view']);
    const headers = await t.authFor({
      ...plainUser,
      tenantId: TENANT_B,
      userId: nextId(),
      roleIds: [viewer],
      roleAliases: ['viewer'],
    });
    expect((await post(`${BASE}/grant`, { topMenuIds: [mine.id], menuIds: [menus.desk] }, headers)).statusCode).toBe(
      403,
    );
    expect(await settingRows()).toEqual(before);
  });
});
