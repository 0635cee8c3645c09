import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createTenantAdminRole, grantMenuAncestors } from '../../src/seed/access-seed.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/menu';
const TENANT_B = '100310';
// Tenant B's package: the authority and system screens it may use, not the menu screen.
const PACKAGE_B = [
  'authority',
  'role',
  'role_add',
  'role_view',
  'system',
  'topmenu',
  'topmenu_add',
  'user',
  'user_add',
];
let t: TestApp;
let ids: Record<string, string>;
let bAdmin: Record<string, string>;
let bAdminRole: string;

interface Node {
  id: string;
  code?: string;
  title?: string;
  category?: number;
  children?: Node[];
  [key: string]: unknown;
}

const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const codes = (nodes: Node[]) => flatten(nodes).map((n) => n.code);

async function menuIds(): Promise<Record<string, string>> {
  const { rows } = await sql<{ id: string; code: string }>`select id, code from blade_menu`.execute(t.database.db);
  return Object.fromEntries(rows.map((r) => [r.code, r.id]));
}

async function menuRows() {
  const { rows } = await sql`select * from blade_menu order by id`.execute(t.database.db);
  return rows;
}

async function callerOf(tenantId: string, menuCodes: string[], alias = 'clerk'): Promise<Record<string, string>> {
  const roleId = await createRole(t.database.db, tenantId, alias, menuCodes);
  return t.authFor({ ...plainUser, tenantId, userId: nextId(), roleIds: [roleId], roleAliases: [alias] });
}

function get(url: string, headers = t.auth()) {
  return t.app.inject({ url, headers });
}

function post(url: string, payload: object | undefined, headers: Record<string, string> = t.auth()) {
  return t.app.inject({ method: 'POST', url, headers, payload });
}

beforeAll(async () => {
  t = await createTestApp();
  ids = await menuIds();
  await createTenant(t.database.db, TENANT_B, { packageMenuCodes: PACKAGE_B });
  // B's admin was granted more than the package allows (param, menu): the package still limits them.
  bAdminRole = await createRole(t.database.db, TENANT_B, 'admin', [...PACKAGE_B, 'param', 'menu', 'menu_view']);
  bAdmin = await t.authFor({
    ...plainUser,
    tenantId: TENANT_B,
    userId: nextId(),
    roleIds: [bAdminRole],
    roleAliases: ['admin'],
  });
});
afterAll(() => t.close());

describe(`GET ${BASE}/routes`, () => {
  it('answers the platform administrator every menu (no buttons) as a tree sorted by sort', async () => {
    const res = await get(`${BASE}/routes`);
    expect(res.statusCode).toBe(200);
    const tree: Node[] = res.json().data;
    const all = flatten(tree);
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from blade_menu where category = 1 and is_deleted = 0`.execute(t.database.db);
    expect(all).toHaveLength(Number(rows[0]!.n));
    expect(all.every((n) => n.category === 1)).toBe(true);
    expect(tree.map((n) => n.code).slice(0, 3)).toEqual(['desk', 'work', 'monitor']);
    const sorts = tree.map((n) => n.sort as number);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('answers MenuVO fields, children only where there are some', async () => {
    const tree: Node[] = (await get(`${BASE}/routes`)).json().data;
    const authority = tree.find((n) => n.code === 'authority')!;
    const role = authority.children!.find((n) => n.code === 'role')!;
    expect(Object.keys(role).sort()).toEqual(
      [
        'id',
        'parentId',
        'code',
        'name',
        'alias',
        'path',
        'source',
        'sort',
        'category',
        'action',
        'isOpen',
        'remark',
        'hasChildren',
      ].sort(),
    );
    expect(role).toMatchObject({ id: ids.role, parentId: ids.authority, path: '/authority/role', hasChildren: false });
    expect(authority).toMatchObject({ hasChildren: true, parentId: '0' });
  });

  it('answers a user the menus of their roles plus every ancestor, and no other', async () => {
    // A granted button alone brings its menu and that menu's ancestors.
    const headers = await callerOf('000000', ['dept', 'role_add']);
    const tree: Node[] = (await get(`${BASE}/routes`, headers)).json().data;
    expect(tree.map((n) => n.code)).toEqual(['authority', 'system']);
    expect(codes(tree).sort()).toEqual(['authority', 'dept', 'role', 'system'].sort());
  });

  it('limits a tenant’s users to the tenant package', async () => {
    const tree: Node[] = (await get(`${BASE}/routes`, bAdmin)).json().data;
    expect(codes(tree).sort()).toEqual(['authority', 'role', 'system', 'topmenu', 'user'].sort());
  });

  it('answers a role without grants nothing, and refuses a caller without a token', async () => {
    const headers = await callerOf('000000', []);
    expect((await get(`${BASE}/routes`, headers)).json().data).toEqual([]);
    expect((await t.app.inject({ url: `${BASE}/routes` })).statusCode).toBe(401);
  });

  it('narrows to a top menu’s settings of the caller’s tenant, and ignores another tenant’s top menu', async () => {
    const top = nextId();
    await sql`insert into blade_top_menu (id, tenant_id, code, name) values (${top}, '000000', 'ops', 'Ops')`.execute(
      t.database.db,
    );
    for (const code of ['dept', 'post']) {
      await sql`insert into blade_top_menu_setting (id, top_menu_id, menu_id) values (${nextId()}, ${top}, ${ids[code]})`.execute(
        t.database.db,
      );
    }
    const admin: Node[] = (await get(`${BASE}/routes?topMenuId=${top}`)).json().data;
    expect(codes(admin).sort()).toEqual(['dept', 'post', 'system'].sort());
    const user = await callerOf('000000', ['dept', 'user']);
    expect(codes((await get(`${BASE}/routes?topMenuId=${top}`, user)).json().data).sort()).toEqual(['dept', 'system']);
    // Tenant B's admin naming tenant 000000's top menu sees nothing through it.
    expect((await get(`${BASE}/routes?topMenuId=${top}`, bAdmin)).json().data).toEqual([]);
    expect((await get(`${BASE}/routes?topMenuId=abc`)).statusCode).toBe(400);
  });

  it('serves a user who signed in for real', async () => {
    const roleId = await createRole(t.database.db, '000000', 'desk-only', ['desk']);
    await createUser(t.database.db, '000000', 'deskuser', 'desk-pass', { roleIds: [roleId] });
    const query = new URLSearchParams({
      tenantId: '000000',
      username: 'deskuser',
      password: md5Hex('desk-pass'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${query}`,
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
    });
    expect(login.statusCode).toBe(200);
    const headers = { 'blade-auth': `bearer ${login.json().access_token}` };
    expect(codes((await get(`${BASE}/routes`, headers)).json().data)).toEqual(['desk']);
    expect((await get(`${BASE}/buttons`, headers)).json().data).toEqual([]);
  });
});

describe(`GET ${BASE}/buttons`, () => {
  it('answers the caller’s buttons under their parent menus', async () => {
    const headers = await callerOf('000000', ['role', 'role_add', 'role_view', 'dept_add']);
    const tree: Node[] = (await get(`${BASE}/buttons`, headers)).json().data;
    expect(tree.map((n) => n.code)).toEqual(['role', 'dept']);
    expect(tree[0]!.children!.map((n) => n.code)).toEqual(['role_add', 'role_view']);
    expect(tree[1]!.children!.map((n) => n.code)).toEqual(['dept_add']);
  });

  it('answers the platform administrator every button', async () => {
    const all = flatten((await get(`${BASE}/buttons`)).json().data);
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from blade_menu where category = 2 and is_deleted = 0`.execute(t.database.db);
    expect(all.filter((n) => n.category === 2)).toHaveLength(Number(rows[0]!.n));
  });

  it('leaves out buttons outside the tenant package', async () => {
    const tree: Node[] = (await get(`${BASE}/buttons`, bAdmin)).json().data;
    expect(codes(tree).sort()).toEqual(['role', 'role_add', 'role_view', 'topmenu', 'topmenu_add', 'user', 'user_add']);
  });
});

describe('a package of menus grants their buttons (issue 15)', () => {
  const TENANT_C = '100311';
  let cAdmin: Record<string, string>;
  beforeAll(async () => {
    // Saved from the package tree of menus only: no button listed, only the leaves a tree select answers.
    await createTenant(t.database.db, TENANT_C, { packageMenuCodes: ['user', 'post'] });
    const role = await t.database.db.transaction().execute((trx) => createTenantAdminRole(trx, TENANT_C, ['system']));
    cAdmin = await t.authFor({
      ...plainUser,
      tenantId: TENANT_C,
      userId: nextId(),
      roleIds: [role],
      roleAliases: ['admin'],
    });
  });

  it('answers the buttons under the package’s menus, and none of the menus it leaves out', async () => {
    const buttons = codes((await get(`${BASE}/buttons`, cAdmin)).json().data);
    expect(buttons).toEqual(expect.arrayContaining(['user_add', 'user_edit', 'user_delete', 'post_add']));
    expect(buttons.some((c) => c?.startsWith('dept') || c?.startsWith('param'))).toBe(false);
    expect(
      (await post('/api/blade-system/post/submit', { postName: 'p', postCode: 'p', category: 1 }, cAdmin)).statusCode,
    ).not.toBe(403);
  });

  it('shows the buttons in the package tree when asked, and keeps the groups above the menus', async () => {
    const tree: Node[] = (await get(`${BASE}/tree?tenantId=${TENANT_C}&buttons=true`)).json().data;
    const system = tree.find((n) => n.id === ids.system)!;
    const user = system.children!.find((n) => n.id === ids.user)!;
    expect(user.children!.map((n) => n.id)).toContain(ids.user_add);
    const menusOnly = flatten((await get(`${BASE}/tree`)).json().data).map((n) => n.id);
    expect(menusOnly).not.toContain(ids.user_add);
  });

  it('gives a tenant admin role the groups above its menus, so its grant tree stays whole', async () => {
    const menu: Node[] = (await get(`${BASE}/grant-tree`, cAdmin)).json().data.menu;
    expect(menu.map((n) => n.id)).toEqual([ids.system]);
    expect(menu[0]!.children!.map((n) => n.id)).toEqual(expect.arrayContaining([ids.user, ids.post]));
  });

  it('adds the missing groups to the roles of an existing installation', async () => {
    const role = await createRole(t.database.db, TENANT_C, 'old-admin', ['user', 'user_add', 'dept']);
    await t.database.db.transaction().execute((trx) => grantMenuAncestors(trx));
    const { rows } = await sql<{ code: string }>`select m.code from blade_role_menu rm
      join blade_menu m on m.id = rm.menu_id where rm.role_id = ${role}`.execute(t.database.db);
    expect(rows.map((r) => r.code).sort()).toEqual(['dept', 'system', 'user', 'user_add'].sort());
  });
});

describe(`GET ${BASE}/auth-routes`, () => {
  it('answers each granted path with the aliases of the roles holding it', async () => {
    const headers = await callerOf('000000', ['desk', 'notice'], 'reader');
    const res = await get(`${BASE}/auth-routes`, headers);
    expect(res.json().data).toEqual([
      { '/desk': { authority: ['reader'] } },
      { '/desk/notice': { authority: ['reader'] } },
    ]);
  });
});

describe(`GET ${BASE}/grant-tree`, () => {
  it('answers the platform administrator every menu, data scope and API scope', async () => {
    const scope = nextId();
    await sql`insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_type)
      values (${scope}, ${ids.user}, 'user', 'own users', 2)`.execute(t.database.db);
    const data = (await get(`${BASE}/grant-tree`)).json().data;
    const { rows } = await sql<{ n: string }>`select count(*) as n from blade_menu where is_deleted = 0`.execute(
      t.database.db,
    );
    expect(flatten(data.menu)).toHaveLength(Number(rows[0]!.n));
    expect(data.menu[0]).toMatchObject({ key: data.menu[0].id, value: data.menu[0].id, title: '工作台' });
    // The scope hangs under its menu, the menu under its ancestors.
    const system = data.dataScope.find((n: Node) => n.id === ids.system);
    expect(system.children[0]).toMatchObject({ id: ids.user, children: [{ id: scope, title: 'own users' }] });
    expect(data.apiScope).toEqual([]);
  });

  it('answers a tenant’s admin only their grants within the package', async () => {
    const data = (await get(`${BASE}/grant-tree`, bAdmin)).json().data;
    expect(
      flatten(data.menu)
        .map((n) => n.id)
        .sort(),
    ).toEqual(PACKAGE_B.map((c) => ids[c]).sort());
    expect(flatten(data.dataScope).some((n) => n.title === 'own users')).toBe(true);
  });

  it('answers a signed-in user without grants empty trees', async () => {
    const headers = await callerOf(TENANT_B, []);
    expect((await get(`${BASE}/grant-tree`, headers)).json().data).toEqual({ menu: [], dataScope: [], apiScope: [] });
  });

  it('answers a tenant’s admin the API scopes of their menus only, each under its menu and the menus above it', async () => {
    const scopes: Record<string, string> = {};
    // user: in B's package and granted; param: granted beyond the package; dept: neither
    for (const [code, name] of [
      ['user', 'users api'],
      ['user', 'users api 2'],
      ['param', 'params api'],
      ['dept', 'depts api'],
    ] as const) {
      scopes[name] = nextId();
      await sql`insert into blade_scope_api (id, menu_id, resource_code, scope_name, scope_path, scope_type)
        values (${scopes[name]}, ${ids[code]}, ${code}, ${name}, '/api/x', 2)`.execute(t.database.db);
    }
    const { apiScope } = (await get(`${BASE}/grant-tree`, bAdmin)).json().data;
    const shape = (nodes: Node[]): unknown =>
      nodes.map((n) => ({ id: n.id, children: n.children && shape(n.children) }));
    expect(shape(apiScope)).toEqual([
      {
        id: ids.system,
        children: [
          {
            id: ids.user,
            children: [
              { id: scopes['users api'], children: undefined },
              { id: scopes['users api 2'], children: undefined },
            ],
          },
        ],
      },
    ]);
    const all = flatten((await get(`${BASE}/grant-tree`)).json().data.apiScope).map((n) => n.title);
    expect(all).toEqual(expect.arrayContaining(['users api', 'users api 2', 'params api', 'depts api']));
  });
});

describe(`GET ${BASE}/grant-top-tree`, () => {
  it('answers the menus (no buttons) the caller may put under a top menu', async () => {
    const data = (await get(`${BASE}/grant-top-tree`, bAdmin)).json().data;
    expect(
      flatten(data.menu)
        .map((n) => n.id)
        .sort(),
    ).toEqual(['authority', 'role', 'system', 'topmenu', 'user'].map((c) => ids[c]).sort());
  });
});

describe(`GET ${BASE}/role-tree-keys`, () => {
  it('answers the menu and scope ids granted to the roles, as strings', async () => {
    const res = await get(`${BASE}/role-tree-keys?roleIds=${bAdminRole}`, bAdmin);
    expect(res.statusCode).toBe(200);
    const { menu, dataScope, apiScope } = res.json().data;
    expect(menu.sort()).toEqual([...PACKAGE_B, 'param', 'menu', 'menu_view'].map((c) => ids[c]).sort());
    expect(dataScope).toEqual([]);
    expect(apiScope).toEqual([]);
  });

  it('refuses another tenant’s roles and reads nothing of them', async () => {
    const res = await get(`${BASE}/role-tree-keys?roleIds=1123598816738675201`, bAdmin);
    expect(res.statusCode).toBe(404);
    expect(res.json().data).toBeNull();
    expect((await get(`${BASE}/role-tree-keys`, bAdmin)).statusCode).toBe(400);
  });
});

describe(`GET ${BASE}/top-menu and top-tree-keys`, () => {
  it('answer the caller’s tenant’s top menus and their settings, never another tenant’s', async () => {
    const mine = nextId();
    await sql`insert into blade_top_menu (id, tenant_id, code, name, sort) values (${mine}, ${TENANT_B}, 'b-top', 'B top', 1)`.execute(
      t.database.db,
    );
    await sql`insert into blade_top_menu_setting (id, top_menu_id, menu_id) values (${nextId()}, ${mine}, ${ids.role})`.execute(
      t.database.db,
    );
    const top = (await get(`${BASE}/top-menu`, bAdmin)).json().data;
    expect(top).toEqual([
      { id: mine, tenantId: TENANT_B, code: 'b-top', name: 'B top', source: '', path: '', sort: 1 },
    ]);
    expect((await get(`${BASE}/top-menu`)).json().data.some((m: Node) => m.id === mine)).toBe(false);
    expect((await get(`${BASE}/top-tree-keys?topMenuIds=${mine}`, bAdmin)).json().data).toEqual({ menu: [ids.role] });
    const foreign = await get(`${BASE}/top-tree-keys?topMenuIds=${mine}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().data).toBeNull();
  });
});

describe(`GET ${BASE}/list, menu-list, lazy-list, lazy-menu-list, tree, detail`, () => {
  it('list answers the whole tree, filters by suffix operators', async () => {
    const tree: Node[] = (await get(`${BASE}/list`)).json().data;
    expect(tree.find((n) => n.code === 'authority')!.children!.find((n) => n.code === 'role')!.children).toHaveLength(
      5,
    );
    const found: Node[] = (await get(`${BASE}/list?code_likeright=role_&category_equal=2`)).json().data;
    expect(found.map((n) => n.code).sort()).toEqual([
      'role_add',
      'role_delete',
      'role_edit',
      'role_grant',
      'role_view',
    ]);
    expect((await get(`${BASE}/list?category_equal=x`)).statusCode).toBe(400);
  });

  it('menu-list keeps menus only', async () => {
    expect(flatten((await get(`${BASE}/menu-list`)).json().data).every((n) => n.category === 1)).toBe(true);
  });

  it('lazy-list answers one level with hasChildren; lazy-menu-list counts menus only', async () => {
    const roots: Node[] = (await get(`${BASE}/lazy-list`)).json().data;
    expect(roots.every((n) => n.parentId === '0')).toBe(true);
    expect(roots.find((n) => n.code === 'desk')).toMatchObject({ hasChildren: true });
    const role: Node[] = (await get(`${BASE}/lazy-list?parentId=${ids.role}`)).json().data;
    expect(role.map((n) => n.code)).toEqual(['role_add', 'role_edit', 'role_delete', 'role_view', 'role_grant']);
    const menusOnly: Node[] = (await get(`${BASE}/lazy-menu-list?parentId=${ids.authority}`)).json().data;
    expect(menusOnly.find((n) => n.code === 'role')).toMatchObject({ hasChildren: false });
    const search: Node[] = (await get(`${BASE}/lazy-list?code=role_gr`)).json().data;
    expect(search.map((n) => n.code)).toEqual(['role_grant']);
  });

  it('tree answers menus as tree nodes, limited to a tenant package when the platform names a tenant', async () => {
    const all: Node[] = (await get(`${BASE}/tree`)).json().data;
    expect(all[0]).toMatchObject({ title: '工作台', key: all[0]!.id, value: all[0]!.id });
    expect(flatten(all).every((n) => n.children !== undefined || n.hasChildren === false)).toBe(true);
    const b: Node[] = (await get(`${BASE}/tree?tenantId=${TENANT_B}`)).json().data;
    expect(
      flatten(b)
        .map((n) => n.id)
        .sort(),
    ).toEqual(['authority', 'role', 'system', 'topmenu', 'user'].map((c) => ids[c]).sort());
  });

  it('detail answers one menu with its parent’s name, 404 for an unknown one', async () => {
    const res = await get(`${BASE}/detail?id=${ids.role_add}`);
    expect(res.json().data).toMatchObject({
      code: 'role_add',
      category: 2,
      parentId: ids.role,
      parentName: '角色管理',
    });
    expect((await get(`${BASE}/detail?id=42`)).statusCode).toBe(404);
  });

  it('refuses callers without menu or menu_view, and reads with menu_view alone', async () => {
    for (const path of ['list', 'menu-list', 'lazy-list', 'lazy-menu-list', 'tree', `detail?id=${ids.role}`]) {
      expect((await get(`${BASE}/${path}`, t.auth(plainUser))).statusCode).toBe(403);
    }
    const viewer = await callerOf('000000', ['menu_view']);
    expect((await get(`${BASE}/lazy-list`, viewer)).statusCode).toBe(200);
  });

  it('lets the holders of the data or API scope screens read the menus they list, and nothing more', async () => {
    for (const code of ['data_scope', 'api_scope']) {
      const keeper = await callerOf('000000', [code], `${code}-keeper`);
      expect((await get(`${BASE}/lazy-menu-list`, keeper)).statusCode).toBe(200);
      for (const path of ['list', 'menu-list', 'lazy-list', 'tree', `detail?id=${ids.role}`]) {
        expect((await get(`${BASE}/${path}`, keeper)).statusCode).toBe(403);
      }
    }
  });
});

describe(`POST ${BASE}/submit`, () => {
  const menu = (code: string, extra: object = {}) => ({
    code,
    name: `name ${code}`,
    category: 1,
    path: `/${code}`,
    ...extra,
  });

  it('inserts a menu and a button under it, answering each', async () => {
    const res = await post(`${BASE}/submit`, menu('reports', { sort: 50, source: 'icon' }));
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ code: 'reports', parentId: '0', sort: 50, category: 1, action: 0, isOpen: 1 });
    const button = await post(`${BASE}/submit`, {
      code: 'reports_add',
      name: 'Add',
      alias: 'add',
      category: 2,
      action: 1,
      parentId: created.id,
    });
    expect(button.json().data).toMatchObject({ parentId: created.id, parentName: 'name reports', category: 2 });
  });

  it('updates only the fields sent', async () => {
    const created = (await post(`${BASE}/submit`, menu('upd_menu', { remark: 'keep' }))).json().data;
    const res = await post(`${BASE}/submit`, { id: created.id, name: 'renamed' });
    expect(res.json().data).toMatchObject({ id: created.id, code: 'upd_menu', name: 'renamed', remark: 'keep' });
  });

  const refusals: [string, () => Promise<object>, number, string, string][] = [
    ['a missing code', async () => ({ name: 'n', category: 1 }), 400, '请输入菜单编号', 'Please enter menu code'],
    [
      'a blank name',
      async () => ({ code: 'x1', name: ' ', category: 1 }),
      400,
      '请输入菜单名称',
      'Please enter menu name',
    ],
    [
      'an unknown category',
      async () => ({ code: 'x2', name: 'n', category: 3 }),
      400,
      '请选择菜单类型(1 菜单, 2 按钮)',
      'Please choose the menu type (1 menu, 2 button)',
    ],
    [
      'a button without a parent',
      async () => ({ code: 'x3', name: 'n', category: 2 }),
      400,
      '按钮必须挂在某个菜单之下',
      'A button must be placed under a menu',
    ],
    [
      'a node under a button',
      async () => ({ code: 'x4', name: 'n', category: 2, parentId: ids.role_add }),
      400,
      '父节点只可选择菜单类型',
      'The parent must be a menu, not a button',
    ],
    [
      'an unknown parent',
      async () => ({ code: 'x5', name: 'n', category: 1, parentId: '77' }),
      400,
      '上级节点不存在',
      'The parent node does not exist',
    ],
    [
      'a duplicate code',
      async () => ({ code: 'role_add', name: 'n', category: 2, parentId: ids.role }),
      409,
      '菜单编号 role_add 已存在',
      'The menu code role_add already exists',
    ],
    [
      'a menu under its own descendant',
      async () => ({ id: ids.authority, parentId: ids.role }),
      400,
      '上级节点不能是自身或其下级',
      'A node cannot be placed under itself or its descendants',
    ],
    [
      'turning a menu with children into a button',
      async () => ({ id: ids.role, category: 2 }),
      400,
      '该菜单下还有子节点,不能改为按钮',
      'This menu has child nodes, so it cannot become a button',
    ],
    [
      'an update of an unknown id',
      async () => ({ id: '4242', name: 'n' }),
      404,
      '记录不存在',
      'The record does not exist',
    ],
  ];
  for (const [what, body, status, zh, en] of refusals) {
    it(`refuses ${what} (${status}) in both languages and writes nothing`, async () => {
      const before = await menuRows();
      const zhRes = await post(`${BASE}/submit`, await body());
      expect(zhRes.statusCode).toBe(status);
      expect(zhRes.json()).toMatchObject({ code: status, success: false, msg: zh });
      const enRes = await post(`${BASE}/submit`, await body(), { ...t.auth(), 'accept-language': 'en-US' });
      expect(enRes.json().msg).toBe(en);
      expect(await menuRows()).toEqual(before);
    });
  }

  it('refuses a sibling menu with the same name', async () => {
    const res = await post(`${BASE}/submit`, {
      code: 'dup_name',
      name: '角色管理',
      category: 1,
      parentId: ids.authority,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('同级菜单中已存在名称 角色管理');
  });

  it('refuses callers outside the platform tenant even with menu_add, and callers without it', async () => {
    const before = await menuRows();
    const tenantWithCodes = await callerOf(TENANT_B, ['menu', 'menu_add', 'menu_edit']);
    for (const headers of [tenantWithCodes, t.auth(plainUser)]) {
      expect((await post(`${BASE}/submit`, menu('sneaky'), headers)).statusCode).toBe(403);
      expect((await post(`${BASE}/submit`, { id: ids.role, name: 'x' }, headers)).statusCode).toBe(403);
    }
    // menu_add alone may insert but not edit.
    const adder = await callerOf('000000', ['menu_add']);
    expect((await post(`${BASE}/submit`, { id: ids.role, name: 'x' }, adder)).statusCode).toBe(403);
    expect(await menuRows()).toEqual(before);
  });

  it('applies a renamed button code to permissions at once', async () => {
    const viewer = await callerOf('000000', ['topmenu_view']);
    const list = () => get('/api/blade-system/topmenu/list', viewer);
    expect((await list()).statusCode).toBe(200);
    expect((await post(`${BASE}/submit`, { id: ids.topmenu_view, code: 'topmenu_look' })).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(403);
    expect((await post(`${BASE}/submit`, { id: ids.topmenu_view, code: 'topmenu_view' })).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
  });

  it('refuses a duplicate code even when inserts race', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => post(`${BASE}/submit`, menu('race_code'))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const { rows } = await sql`select id from blade_menu where code = 'race_code' and is_deleted = 0`.execute(
      t.database.db,
    );
    expect(rows).toHaveLength(1);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('soft-deletes leaves and refuses a node that has children', async () => {
    const parent = (
      await post(`${BASE}/submit`, { code: 'rm_parent', name: 'rm parent', category: 1, path: '/rm' })
    ).json().data;
    const child = (
      await post(`${BASE}/submit`, { code: 'rm_child', name: 'c', category: 2, parentId: parent.id })
    ).json().data;
    const before = await menuRows();
    const refused = await post(`${BASE}/remove?ids=${parent.id}`, undefined, {
      ...t.auth(),
      'accept-language': 'en',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('Remove its child nodes first');
    expect(await menuRows()).toEqual(before);
    expect((await post(`${BASE}/remove?ids=${parent.id},${child.id}`, undefined)).statusCode).toBe(200);
    expect((await get(`${BASE}/detail?id=${parent.id}`)).statusCode).toBe(404);
    // The code may be used again.
    expect((await post(`${BASE}/submit`, { code: 'rm_parent', name: 'again', category: 1 })).statusCode).toBe(200);
  });

  it('removes nothing when one id is unknown, and refuses callers without platform and menu_delete', async () => {
    const before = await menuRows();
    const res = await post(`${BASE}/remove?ids=${ids.role_grant},4242`, undefined);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('以下记录不存在或无权操作: 4242');
    const tenantWithCodes = await callerOf(TENANT_B, ['menu', 'menu_delete']);
    expect((await post(`${BASE}/remove?ids=${ids.role_grant}`, undefined, tenantWithCodes)).statusCode).toBe(403);
    expect((await post(`${BASE}/remove?ids=${ids.role_grant}`, undefined, t.auth(plainUser))).statusCode).toBe(403);
    expect(await menuRows()).toEqual(before);
  });
});

describe('menu codes are permissions', () => {
  it('only the platform administrator may change a menu’s code or category', async () => {
    const t3 = await createTestApp();
    try {
      const editor = await createRole(t3.database.db, '000000', 'menu-editor', ['menu', 'menu_edit']);
      const headers = await t3.authFor({ ...plainUser, roleIds: [editor], roleAliases: ['menu-editor'] });
      const { rows } = await sql<{ id: string }>`select id from blade_menu where code = 'param'`.execute(
        t3.database.db,
      );
      const rename = await t3.app.inject({
        method: 'POST',
        url: '/api/blade-system/menu/submit',
        headers,
        payload: { id: rows[0]!.id, code: 'param_old' },
      });
      expect(rename.statusCode).toBe(403);
      const still = await sql<{ code: string }>`select code from blade_menu where id = ${rows[0]!.id}`.execute(
        t3.database.db,
      );
      expect(still.rows[0]?.code).toBe('param');
      const rename2 = await t3.app.inject({
        method: 'POST',
        url: '/api/blade-system/menu/submit',
        headers,
        payload: { id: rows[0]!.id, name: '参数' },
      });
      expect(rename2.statusCode).toBe(200);
    } finally {
      await t3.close();
    }
  });
});
