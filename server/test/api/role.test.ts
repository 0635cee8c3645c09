import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { ADMIN_ROLE_ID } from '../../src/seed/platform-seed.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/role';
const TENANT_B = '100320';
const ROLE_CODES = ['authority', 'role', 'role_add', 'role_edit', 'role_delete', 'role_view', 'role_grant'];
const PACKAGE_B = [...ROLE_CODES, 'system', 'topmenu', 'topmenu_view', 'user', 'user_add', 'desk', 'notice'];
let t: TestApp;
let menus: Record<string, string>;
let bAdminRole: string;
let bAdmin: Record<string, string>;
let platformTenantAdminRole: string;

interface Node {
  id: string;
  roleAlias: string;
  children?: Node[];
  [key: string]: unknown;
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const aliases = (nodes: Node[]) =>
  flatten(nodes)
    .map((n) => n.roleAlias)
    .sort();

const db = () => t.database.db;
const get = (url: string, headers = t.auth()) => t.app.inject({ url, headers });
const post = (url: string, payload: object | undefined, headers: Record<string, string> = t.auth()) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const en = (headers: Record<string, string>) => ({ ...headers, 'accept-language': 'en-US' });

async function roleRows() {
  return (await sql`select * from blade_role order by id`.execute(db())).rows;
}
async function grantRows() {
  const menu = await sql`select role_id, menu_id from blade_role_menu order by role_id, menu_id`.execute(db());
  const scope = await sql`select role_id, scope_category, scope_id from blade_role_scope order by 1, 2, 3`.execute(
    db(),
  );
  return { menu: menu.rows, scope: scope.rows };
}
async function menusOf(roleId: string): Promise<string[]> {
  const { rows } = await sql<{ code: string }>`
    select m.code from blade_role_menu rm join blade_menu m on m.id = rm.menu_id where rm.role_id = ${roleId}
    order by m.code`.execute(db());
  return rows.map((r) => r.code);
}
async function roleOf(tenantId: string, alias: string, codes: string[], parentId = '0'): Promise<string> {
  const id = await createRole(db(), tenantId, alias, codes);
  await sql`update blade_role set parent_id = ${parentId} where id = ${id}`.execute(db());
  return id;
}
function as(tenantId: string, roleId: string, alias: string): Promise<Record<string, string>> {
  const caller: Caller = { ...plainUser, tenantId, userId: nextId(), roleIds: [roleId], roleAliases: [alias] };
  return t.authFor(caller);
}

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await sql<{ id: string; code: string }>`select id, code from blade_menu`.execute(db());
  menus = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  await createTenant(db(), TENANT_B, { packageMenuCodes: PACKAGE_B });
  bAdminRole = await roleOf(TENANT_B, 'admin', [...PACKAGE_B, 'param']);
  bAdmin = await as(TENANT_B, bAdminRole, 'admin');
  const { rows: seeded } = await sql<{ id: string }>`
    select id from blade_role where tenant_id = '000000' and role_alias = 'admin'`.execute(db());
  platformTenantAdminRole = seeded[0]!.id;
});
afterAll(() => t.close());

describe(`GET ${BASE}/list`, () => {
  it('answers the caller’s tenant’s roles as a tree, with parent names', async () => {
    const parent = await roleOf(TENANT_B, 'list-parent', []);
    await roleOf(TENANT_B, 'list-child', [], parent);
    const res = await get(`${BASE}/list`, bAdmin);
    expect(res.statusCode).toBe(200);
    const tree: Node[] = res.json().data;
    expect(flatten(tree).every((n) => n.tenantId === TENANT_B)).toBe(true);
    const node = tree.find((n) => n.id === parent)!;
    expect(node.children![0]).toMatchObject({
      roleAlias: 'list-child',
      roleName: 'list-child',
      parentId: parent,
      parentName: 'list-parent',
      title: 'list-child',
      key: node.children![0]!.id,
    });
    // the platform tenant's: its administrators and the leave process's approvers
    expect(aliases((await get(`${BASE}/list`)).json().data)).toEqual(['admin', 'administrator', 'boss', 'manager']);
  });

  it('filters by BladeX suffix operators', async () => {
    const tree: Node[] = (await get(`${BASE}/list?roleAlias_likeright=list-`, bAdmin)).json().data;
    expect(aliases(tree)).toEqual(['list-child', 'list-parent']);
    expect(aliases((await get(`${BASE}/list?roleAlias_equal=admin`, bAdmin)).json().data)).toEqual(['admin']);
    expect((await get(`${BASE}/list?sort_equal=x`, bAdmin)).statusCode).toBe(400);
  });

  it('refuses a caller without role or role_view', async () => {
    expect((await get(`${BASE}/list`, t.auth(plainUser))).statusCode).toBe(403);
    expect((await get(`${BASE}/detail?id=${ADMIN_ROLE_ID}`, t.auth(plainUser))).statusCode).toBe(403);
  });
});

describe(`GET ${BASE}/detail`, () => {
  it('answers a role of the caller’s tenant, and 404 for another tenant’s', async () => {
    const res = await get(`${BASE}/detail?id=${bAdminRole}`, bAdmin);
    expect(res.json().data).toEqual({
      id: bAdminRole,
      tenantId: TENANT_B,
      parentId: '0',
      roleName: 'admin',
      sort: 0,
      roleAlias: 'admin',
      parentName: '',
    });
    const foreign = await get(`${BASE}/detail?id=${ADMIN_ROLE_ID}`, bAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().data).toBeNull();
  });
});

describe(`GET ${BASE}/tree`, () => {
  it('answers a tenant’s caller their own tenant’s roles whatever tenantId they name', async () => {
    const tree: Node[] = (await get(`${BASE}/tree?tenantId=000000`, bAdmin)).json().data;
    expect(flatten(tree).every((n) => n.tenantId === TENANT_B)).toBe(true);
    expect(aliases(tree)).toContain('admin');
  });

  it('lets the platform administrator look into another tenant', async () => {
    const tree: Node[] = (await get(`${BASE}/tree?tenantId=${TENANT_B}`)).json().data;
    expect(flatten(tree).every((n) => n.tenantId === TENANT_B)).toBe(true);
    expect(aliases(await (await get(`${BASE}/tree`)).json().data)).toEqual([
      'admin',
      'administrator',
      'boss',
      'manager',
    ]);
  });

  it('hides the administrator role from everyone else, and admits the user screen’s codes', async () => {
    const userAdmin = await as('000000', await roleOf('000000', 'user-keeper', ['user_add']), 'user-keeper');
    const tree: Node[] = (await get(`${BASE}/tree`, userAdmin)).json().data;
    expect(aliases(tree)).not.toContain('administrator');
    expect(aliases(tree)).toContain('admin');
    expect((await get(`${BASE}/tree`, t.auth(plainUser))).statusCode).toBe(403);
  });
});

describe(`GET ${BASE}/tree-by-id`, () => {
  it('answers the tree without the role and its descendants', async () => {
    const top = await roleOf(TENANT_B, 'byid-top', []);
    const mid = await roleOf(TENANT_B, 'byid-mid', [], top);
    await roleOf(TENANT_B, 'byid-low', [], mid);
    const tree: Node[] = (await get(`${BASE}/tree-by-id?roleId=${mid}`, bAdmin)).json().data;
    const names = aliases(tree);
    expect(names).toContain('byid-top');
    expect(names).not.toContain('byid-mid');
    expect(names).not.toContain('byid-low');
  });

  it('answers 404 for another tenant’s role', async () => {
    expect((await get(`${BASE}/tree-by-id?roleId=${ADMIN_ROLE_ID}`, bAdmin)).statusCode).toBe(404);
  });
});

describe(`POST ${BASE}/submit`, () => {
  it('inserts a role in the caller’s tenant under a parent, and answers it', async () => {
    const res = await post(
      `${BASE}/submit`,
      { roleName: 'Clerk', roleAlias: 'clerk', sort: 3, parentId: bAdminRole },
      bAdmin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      tenantId: TENANT_B,
      roleName: 'Clerk',
      roleAlias: 'clerk',
      sort: 3,
      parentId: bAdminRole,
      parentName: 'admin',
    });
  });

  it('updates only the fields sent', async () => {
    const created = (await post(`${BASE}/submit`, { roleName: 'Keep', roleAlias: 'upd-role', sort: 7 }, bAdmin)).json()
      .data;
    const res = await post(`${BASE}/submit`, { id: created.id, roleName: 'Renamed' }, bAdmin);
    expect(res.json().data).toMatchObject({ id: created.id, roleName: 'Renamed', roleAlias: 'upd-role', sort: 7 });
  });

  const refusals: [string, () => object, number, string, string][] = [
    ['a missing roleName', () => ({ roleAlias: 'x' }), 400, '请输入角色名称', 'Please enter role name'],
    ['a blank roleAlias', () => ({ roleName: 'x', roleAlias: '  ' }), 400, '请输入角色别名', 'Please enter role alias'],
    [
      'a duplicate alias in the tenant',
      () => ({ roleName: 'x', roleAlias: 'admin' }),
      409,
      '角色别名 admin 已存在',
      'The role alias admin already exists',
    ],
    [
      'the administrator alias',
      () => ({ roleName: 'x', roleAlias: 'administrator' }),
      403,
      '只有平台超级管理员可以创建或修改超管角色',
      'Only the platform administrator may create or change the administrator role',
    ],
    [
      'a parent of another tenant',
      () => ({ roleName: 'x', roleAlias: 'x', parentId: ADMIN_ROLE_ID }),
      400,
      '上级节点不存在',
      'The parent node does not exist',
    ],
    [
      'an update of another tenant’s role',
      () => ({ id: ADMIN_ROLE_ID, roleName: 'stolen' }),
      404,
      '记录不存在',
      'The record does not exist',
    ],
    [
      'a role placed under itself',
      () => ({ id: bAdminRole, parentId: bAdminRole }),
      400,
      '上级节点不能是自身或其下级',
      'A node cannot be placed under itself or its descendants',
    ],
  ];
  for (const [what, body, status, zh, enMsg] of refusals) {
    it(`refuses ${what} (${status}) in both languages and writes nothing`, async () => {
      const before = await roleRows();
      const zhRes = await post(`${BASE}/submit`, body(), bAdmin);
      expect(zhRes.statusCode).toBe(status);
      expect(zhRes.json()).toMatchObject({ code: status, success: false, msg: zh });
      expect((await post(`${BASE}/submit`, body(), en(bAdmin))).json().msg).toBe(enMsg);
      expect(await roleRows()).toEqual(before);
    });
  }

  it('allows an alias that another tenant uses', async () => {
    expect(
      (await post(`${BASE}/submit`, { roleName: 'b user', roleAlias: 'administrator-like' }, bAdmin)).statusCode,
    ).toBe(200);
    expect((await post(`${BASE}/submit`, { roleName: 'a user', roleAlias: 'administrator-like' })).statusCode).toBe(
      200,
    );
  });

  it('refuses to move a role under a parent that lacks its menus, naming them', async () => {
    const parent = await roleOf(TENANT_B, 'move-parent', ['desk']);
    const role = await roleOf(TENANT_B, 'move-role', ['desk', 'notice']);
    const res = await post(`${BASE}/submit`, { id: role, parentId: parent }, en(bAdmin));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      'The parent role "move-parent" lacks these menus, so its child role "move-role" cannot hold them: 通知公告',
    );
  });

  it('refuses callers without the code of the action', async () => {
    const adder = await as(TENANT_B, await roleOf(TENANT_B, 'adder', ['role_add']), 'adder');
    const before = await roleRows();
    expect((await post(`${BASE}/submit`, { roleName: 'x', roleAlias: 'x' }, t.auth(plainUser))).statusCode).toBe(403);
    expect((await post(`${BASE}/submit`, { id: bAdminRole, roleName: 'x' }, adder)).statusCode).toBe(403);
    expect(await roleRows()).toEqual(before);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('soft-deletes roles, refusing one with child roles or held by users', async () => {
    const parent = await roleOf(TENANT_B, 'rm-parent', []);
    const child = await roleOf(TENANT_B, 'rm-child', [], parent);
    const held = await roleOf(TENANT_B, 'rm-held', []);
    await createUser(db(), TENANT_B, 'rm-holder', 'pw', { roleIds: [bAdminRole, held] });
    const before = await roleRows();
    const withChild = await post(`${BASE}/remove?ids=${parent}`, undefined, en(bAdmin));
    expect(withChild.statusCode).toBe(400);
    expect(withChild.json().msg).toBe('Remove the child roles first: rm-child');
    const inUse = await post(`${BASE}/remove?ids=${held}`, undefined, bAdmin);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().msg).toBe('以下角色仍有用户使用,不能删除: rm-held');
    expect(await roleRows()).toEqual(before);
    expect((await post(`${BASE}/remove?ids=${parent},${child}`, undefined, bAdmin)).statusCode).toBe(200);
    expect((await get(`${BASE}/detail?id=${child}`, bAdmin)).statusCode).toBe(404);
  });

  it('removes nothing when one id is another tenant’s, and refuses callers without role_delete', async () => {
    const mine = await roleOf(TENANT_B, 'rm-mine', []);
    const before = await roleRows();
    const res = await post(`${BASE}/remove?ids=${mine},${platformTenantAdminRole}`, undefined, bAdmin);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(`以下记录不存在或无权操作: ${platformTenantAdminRole}`);
    expect((await post(`${BASE}/remove?ids=${mine}`, undefined, t.auth(plainUser))).statusCode).toBe(403);
    expect(await roleRows()).toEqual(before);
  });
});

describe(`POST ${BASE}/grant`, () => {
  const grant = (body: object, headers: Record<string, string> = bAdmin) => post(`${BASE}/grant`, body, headers);

  it('replaces the menus and scopes of each role', async () => {
    const dataScope = nextId();
    const apiScope = nextId();
    await sql`insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_type)
      values (${dataScope}, ${menus.notice}, 'notice', 'own notices', 2)`.execute(db());
    await sql`insert into blade_scope_api (id, menu_id, resource_code, scope_name, scope_path)
      values (${apiScope}, ${menus.notice}, 'notice', 'notice api', '/api/blade-desk/notice')`.execute(db());
    const a = await roleOf(TENANT_B, 'grant-a', ['role']);
    const b = await roleOf(TENANT_B, 'grant-b', []);
    const res = await grant({
      roleIds: [a, b],
      menuIds: [menus.desk, menus.notice],
      dataScopeIds: [dataScope],
      apiScopeIds: [apiScope],
    });
    expect(res.statusCode).toBe(200);
    expect(await menusOf(a)).toEqual(['desk', 'notice']);
    expect(await menusOf(b)).toEqual(['desk', 'notice']);
    const keys = (await get(`/api/blade-system/menu/role-tree-keys?roleIds=${a}`, bAdmin)).json().data;
    expect(keys).toEqual({ menu: [menus.desk, menus.notice].sort(), dataScope: [dataScope], apiScope: [apiScope] });
    expect((await grant({ roleIds: [a] })).statusCode).toBe(200);
    expect((await get(`/api/blade-system/menu/role-tree-keys?roleIds=${a}`, bAdmin)).json().data).toEqual({
      menu: [],
      dataScope: [],
      apiScope: [],
    });
  });

  it('changes what a user of the role may do at once', async () => {
    const clerkRole = await roleOf(TENANT_B, 'grant-clerk', []);
    const clerk = await as(TENANT_B, clerkRole, 'grant-clerk');
    const list = () => get('/api/blade-system/topmenu/list', clerk);
    expect((await list()).statusCode).toBe(403);
    expect((await grant({ roleIds: [clerkRole], menuIds: [menus.topmenu_view] })).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    expect((await grant({ roleIds: [clerkRole], menuIds: [menus.desk] })).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(403);
  });

  it('refuses a child role menus its parent lacks, naming them, and grants what the parent holds', async () => {
    const parent = await roleOf(TENANT_B, 'g-parent', ['desk', 'notice']);
    const child = await roleOf(TENANT_B, 'g-child', [], parent);
    const before = await grantRows();
    const res = await grant({ roleIds: [child], menuIds: [menus.desk, menus.role] }, en(bAdmin));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      'The parent role "g-parent" lacks these menus, so its child role "g-child" cannot hold them: 角色管理',
    );
    expect(await grantRows()).toEqual(before);
    expect((await grant({ roleIds: [child], menuIds: [menus.desk, menus.notice] })).statusCode).toBe(200);
    expect(await menusOf(child)).toEqual(['desk', 'notice']);
  });

  it('takes from roles below a granted role what it no longer holds', async () => {
    const top = await roleOf(TENANT_B, 'p-top', ['desk', 'notice']);
    const mid = await roleOf(TENANT_B, 'p-mid', ['desk', 'notice'], top);
    const low = await roleOf(TENANT_B, 'p-low', ['notice'], mid);
    expect((await grant({ roleIds: [top], menuIds: [menus.desk] })).statusCode).toBe(200);
    expect(await menusOf(mid)).toEqual(['desk']);
    expect(await menusOf(low)).toEqual([]);
  });

  it('refuses to grant what the caller does not hold or the package leaves out, naming it', async () => {
    const role = await roleOf(TENANT_B, 'g-limited', []);
    const before = await grantRows();
    // B's admin holds param, but the package leaves it out; dept they never held.
    for (const code of ['param', 'dept']) {
      const res = await grant({ roleIds: [role], menuIds: [menus.desk, menus[code]] });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^您不能授予自己没有的权限: (参数管理|机构管理)$/);
    }
    const unknownMenu = await grant({ roleIds: [role], menuIds: ['4242'] }, en(bAdmin));
    expect(unknownMenu.json().msg).toBe('These menus do not exist: 4242');
    const unknownScope = await grant({ roleIds: [role], dataScopeIds: ['4243'] }, en(bAdmin));
    expect(unknownScope.json().msg).toBe('These scope rules do not exist: 4243');
    const foreignScope = nextId();
    await sql`insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_type)
      values (${foreignScope}, ${menus.dept}, 'dept', 'dept rule', 2)`.execute(db());
    const scopeRes = await grant({ roleIds: [role], dataScopeIds: [foreignScope] }, en(bAdmin));
    expect(scopeRes.json().msg).toBe('You cannot grant what you do not hold yourself: dept rule');
    expect(await grantRows()).toEqual(before);
  });

  it('refuses another tenant’s roles and changes nothing', async () => {
    const before = await grantRows();
    const res = await grant({ roleIds: [platformTenantAdminRole], menuIds: [menus.desk] });
    expect(res.statusCode).toBe(404);
    expect(await grantRows()).toEqual(before);
  });

  it('lets only the platform administrator grant to the administrator role, and only admins to admin', async () => {
    const platformAdminUser = await as('000000', platformTenantAdminRole, 'admin');
    const granter = await as(TENANT_B, await roleOf(TENANT_B, 'granter', ROLE_CODES), 'granter');
    const before = await grantRows();
    const res = await grant({ roleIds: [ADMIN_ROLE_ID], menuIds: [menus.desk] }, en(platformAdminUser));
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Only the platform administrator may grant to the administrator role');
    const toAdmin = await grant({ roleIds: [bAdminRole], menuIds: [menus.role] }, granter);
    expect(toAdmin.statusCode).toBe(403);
    expect(toAdmin.json().msg).toBe('只有管理员可以为管理员角色授权');
    expect(await grantRows()).toEqual(before);
    // The administrator role holds everything whatever its rows say: its child roles keep their menus.
    const below = await roleOf('000000', 'under-administrator', ['desk'], ADMIN_ROLE_ID);
    expect((await grant({ roleIds: [ADMIN_ROLE_ID], menuIds: [] }, t.auth())).statusCode).toBe(200);
    expect(await menusOf(below)).toEqual(['desk']);
  });

  it('refuses bad input in both languages and callers without role_grant, writing nothing', async () => {
    const before = await grantRows();
    const missing = await grant({ menuIds: [menus.desk] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请选择要授权的角色');
    expect((await grant({ roleIds: [] }, en(bAdmin))).json().msg).toBe('Please select the roles to grant');
    expect((await grant({ roleIds: [bAdminRole], menuIds: ['x'] })).statusCode).toBe(400);
    expect((await grant({ roleIds: [bAdminRole] }, t.auth(plainUser))).statusCode).toBe(403);
    expect(await grantRows()).toEqual(before);
  });
});

describe('GET /api/blade-system/role/select', () => {
  it('answers the caller’s own roles, and another user’s only with the role or user codes', async () => {
    const t2 = await createTestApp();
    try {
      const clerkRole = await createRole(t2.database.db, '000000', 'select-clerk');
      const clerkId = await createUser(t2.database.db, '000000', 'select-clerk', 'secret-1', { roleIds: [clerkRole] });
      const clerk = await t2.authFor({
        ...plainUser,
        userId: clerkId,
        roleIds: [clerkRole],
        roleAliases: ['select-clerk'],
      });
      const own = await t2.app.inject({ url: '/api/blade-system/role/select', headers: clerk });
      expect(own.json().data.map((r: { id: string }) => r.id)).toEqual([clerkRole]);
      const other = await t2.app.inject({
        url: '/api/blade-system/role/select?userId=1123598821738675201',
        headers: clerk,
      });
      expect(other.statusCode).toBe(403);
      const admin = await t2.app.inject({ url: `/api/blade-system/role/select?userId=${clerkId}`, headers: t2.auth() });
      expect(admin.json().data[0]).toMatchObject({ id: clerkRole, roleName: 'select-clerk' });
      expect(
        (await t2.app.inject({ url: '/api/blade-system/role/select?userId=424242', headers: t2.auth() })).statusCode,
      ).toBe(404);
    } finally {
      await t2.close();
    }
  });
});
