import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { PLATFORM_TENANT_ID } from '../../src/platform/tenancy/context.ts';
import { createCaller, createRole, createTenant, createUser, grantOwnUserRowOnly } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

// BladeX's lookups by name (SearchController, search/user, user-list, tenant/find-by-name,
// tenant-package/select): what they find, who may call them, and that no tenant sees another's rows.

const TENANT_B = '610610';
const TENANT_C = '620620';
const EN = { 'accept-language': 'en-US' };
let t: TestApp;
let bAdmin: Record<string, string>;
let cAdmin: Record<string, string>;
const db = () => t.database.db;

async function get(url: string, headers: Record<string, string>) {
  return t.app.inject({ url, headers });
}
async function data(url: string, headers: Record<string, string>) {
  const res = await get(url, headers);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  expect(res.json()).toMatchObject({ code: 200, success: true });
  return res.json().data;
}

async function dept(tenantId: string, name: string, parentId = '0'): Promise<string> {
  const id = nextId();
  await sql`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name)
    values (${id}, ${tenantId}, ${parentId}, ${parentId === '0' ? '0' : `0,${parentId}`}, ${name}, ${name})`.execute(
    db(),
  );
  return id;
}
async function post(tenantId: string, code: string, name: string): Promise<string> {
  const id = nextId();
  await sql`insert into blade_post (id, tenant_id, category, post_code, post_name)
    values (${id}, ${tenantId}, 1, ${code}, ${name})`.execute(db());
  return id;
}

const CODES = ['role', 'dept', 'post', 'user', 'user_view'];
let bDepts: { root: string; north: string };
let bPosts: { clerk: string; driver: string };
let bUsers: { anna: string; bert: string };

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(db(), TENANT_B);
  await createTenant(db(), TENANT_C);
  bAdmin = await t.authFor(await createCaller(db(), TENANT_B, 'search-admin', CODES));
  cAdmin = await t.authFor(await createCaller(db(), TENANT_C, 'search-admin', CODES));
  const root = await dept(TENANT_B, 'Warehouse HQ');
  bDepts = { root, north: await dept(TENANT_B, 'North Warehouse', root) };
  await dept(TENANT_C, 'Warehouse of C');
  bPosts = { clerk: await post(TENANT_B, 'CLK', 'Stock clerk'), driver: await post(TENANT_B, 'DRV', 'Driver') };
  await post(TENANT_C, 'CLK', 'Stock clerk of C');
  const anna = await createUser(db(), TENANT_B, 'anna-search', 'secret-1', { deptIds: [bDepts.north] });
  const bert = await createUser(db(), TENANT_B, 'bert-search', 'secret-1', { deptIds: [bDepts.root] });
  await sql`update blade_user set post_id = ${bPosts.driver} where id = ${bert}`.execute(db());
  bUsers = { anna, bert };
  await createUser(db(), TENANT_C, 'anna-of-c', 'secret-1');
});
afterAll(() => t.close());

describe('GET /api/blade-system/search/role', () => {
  it("finds the tenant's roles by a part of their name, under a parent when given", async () => {
    const parent = await createRole(db(), TENANT_B, 'Searchable parent');
    const child = nextId();
    await sql`insert into blade_role (id, tenant_id, parent_id, role_name, role_alias)
      values (${child}, ${TENANT_B}, ${parent}, 'Searchable child', 'searchable-child')`.execute(db());
    await createRole(db(), TENANT_C, 'Searchable of C');
    const found = (await data('/api/blade-system/search/role?roleName=searchable', bAdmin)) as Record<
      string,
      unknown
    >[];
    expect(found.map((r) => r.roleName).sort()).toEqual(['Searchable child', 'Searchable parent']);
    expect(found.find((r) => r.id === child)).toMatchObject({
      parentId: parent,
      parentName: 'Searchable parent',
      roleAlias: 'searchable-child',
      tenantId: TENANT_B,
    });
    const under = (await data(`/api/blade-system/search/role?parentId=${parent}`, bAdmin)) as { id: string }[];
    expect(under.map((r) => r.id)).toEqual([child]);
  });

  it('never shows the administrator role to a tenant user', async () => {
    const mine = (await data('/api/blade-system/search/role?roleName=', bAdmin)) as { roleAlias: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((r) => r.roleAlias === 'administrator')).toBe(false);
    const platform = (await data('/api/blade-system/search/role', t.auth())) as { roleAlias: string }[];
    expect(platform.some((r) => r.roleAlias === 'administrator')).toBe(true);
  });
});

describe('GET /api/blade-system/search/dept', () => {
  it("finds the tenant's depts by name, with their parent's name, and none of another tenant", async () => {
    const found = (await data('/api/blade-system/search/dept?deptName=warehouse', bAdmin)) as Record<string, unknown>[];
    expect(found.map((d) => d.id).sort()).toEqual([bDepts.root, bDepts.north].sort());
    expect(found.find((d) => d.id === bDepts.north)).toMatchObject({
      deptName: 'North Warehouse',
      parentId: bDepts.root,
      parentName: 'Warehouse HQ',
      tenantId: TENANT_B,
    });
    const under = (await data(`/api/blade-system/search/dept?parentId=${bDepts.root}`, bAdmin)) as { id: string }[];
    expect(under.map((d) => d.id)).toEqual([bDepts.north]);
    const roots = (await data('/api/blade-system/search/dept?parentId=0&deptName=warehouse', bAdmin)) as {
      id: string;
    }[];
    expect(roots.map((d) => d.id)).toEqual([bDepts.root]);
  });
});

describe('GET /api/blade-system/search/post', () => {
  it("answers a page of the tenant's posts whose name contains the text", async () => {
    const page = await data('/api/blade-system/search/post?postName=CLERK&size=5', bAdmin);
    expect(page).toMatchObject({ total: 1, size: 5, current: 1 });
    expect(page.records).toEqual([
      expect.objectContaining({ id: bPosts.clerk, postCode: 'CLK', postName: 'Stock clerk', category: 1 }),
    ]);
    expect((await data('/api/blade-system/search/post', bAdmin)).total).toBe(2);
  });
});

describe('GET /api/blade-user/search/user', () => {
  it('finds users by name, by the name of their dept and of their post, with the names clients show', async () => {
    const byName = await data('/api/blade-user/search/user?name=anna', bAdmin);
    expect(byName.records.map((u: { id: string }) => u.id)).toEqual([bUsers.anna]);
    expect(byName.records[0]).toMatchObject({
      account: 'anna-search',
      deptName: 'North Warehouse',
      tenantId: TENANT_B,
    });
    expect(byName.records[0]).not.toHaveProperty('password');
    const byDept = await data('/api/blade-user/search/user?deptName=north', bAdmin);
    expect(byDept.records.map((u: { id: string }) => u.id)).toEqual([bUsers.anna]);
    const byPost = await data('/api/blade-user/search/user?postName=driv', bAdmin);
    expect(byPost.records.map((u: { id: string }) => u.id)).toEqual([bUsers.bert]);
    expect(byPost.records[0]).toMatchObject({ postName: 'Driver' });
    expect((await data('/api/blade-user/search/user?deptName=nothing-like-it', bAdmin)).records).toEqual([]);
  });
});

describe('GET /api/blade-user/user-list', () => {
  it('answers the users equal on every field given, of the caller’s tenant only', async () => {
    const list = (await data(`/api/blade-user/user-list?deptId=${bDepts.north}`, bAdmin)) as Record<string, unknown>[];
    expect(list.map((u) => u.id)).toEqual([bUsers.anna]);
    expect(list[0]).toMatchObject({ account: 'anna-search', realName: 'anna-searc' });
    expect(list[0]).not.toHaveProperty('password');
    // equality, not contains (BladeX binds a User)
    expect(await data('/api/blade-user/user-list?account=anna', bAdmin)).toEqual([]);
    expect(await data('/api/blade-user/user-list?account=anna-of-c', bAdmin)).toEqual([]);
    const all = (await data('/api/blade-user/user-list', cAdmin)) as { tenantId: string }[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((u) => u.tenantId === TENANT_C)).toBe(true);
  });

  it('refuses a value of the wrong kind', async () => {
    const res = await get('/api/blade-user/user-list?sex=abc', bAdmin);
    expect(res.statusCode).toBe(400);
  });
});

describe('the user lookups keep to the data scope, as the user list', () => {
  it('show a caller whose scope is their own row only that row', async () => {
    const caller = await createCaller(db(), TENANT_B, 'scoped-search', ['user', 'user_view']);
    await grantOwnUserRowOnly(db(), caller.roleIds[0]!);
    const headers = await t.authFor(caller);
    const searched = await data('/api/blade-user/search/user?size=100', headers);
    expect(searched.records.map((u: { id: string }) => u.id)).toEqual([caller.userId]);
    const listed = (await data('/api/blade-user/user-list', headers)) as { id: string }[];
    expect(listed.map((u) => u.id)).toEqual([caller.userId]);
  });
});

describe('GET /api/blade-system/tenant/find-by-name and tenant-package/select', () => {
  it('find tenants by a part of their name, for the platform tenant', async () => {
    const found = (await data(`/api/blade-system/tenant/find-by-name?name=${TENANT_B}`, t.auth())) as Record<
      string,
      unknown
    >[];
    expect(found.map((r) => r.tenantId)).toEqual([TENANT_B]);
    expect(found[0]).toMatchObject({ tenantName: `tenant ${TENANT_B}` });
    const all = (await data('/api/blade-system/tenant/find-by-name', t.auth())) as { tenantId: string }[];
    expect(all.map((r) => r.tenantId)).toEqual(expect.arrayContaining([PLATFORM_TENANT_ID, TENANT_B, TENANT_C]));
  });

  it('answer the packages to pick from: id and name only', async () => {
    const id = nextId();
    await sql`insert into blade_tenant_package (id, package_name, menu_id) values (${id}, 'Pickable package', '1')`.execute(
      db(),
    );
    const packages = (await data('/api/blade-system/tenant-package/select', t.auth())) as Record<string, unknown>[];
    expect(packages).toContainEqual({ id, packageName: 'Pickable package' });
    const named = (await data('/api/blade-system/tenant-package/select?packageName=Pickable package', t.auth())) as {
      id: string;
    }[];
    expect(named.map((p) => p.id)).toEqual([id]);
  });

  it("refuse another tenant's caller, even one holding the tenant screen's codes", async () => {
    const holder = await t.authFor(
      await createCaller(db(), TENANT_B, 'tenant-codes', ['tenant', 'tenant_view', 'tenantpackage']),
    );
    for (const url of ['/api/blade-system/tenant/find-by-name?name=x', '/api/blade-system/tenant-package/select']) {
      expect((await get(url, holder)).statusCode, url).toBe(403);
      expect((await get(url, t.auth(plainUser))).statusCode, url).toBe(403);
    }
  });
});

describe('who may call the lookups', () => {
  const urls = [
    '/api/blade-system/search/role',
    '/api/blade-system/search/dept',
    '/api/blade-system/search/post',
    '/api/blade-user/search/user',
    '/api/blade-user/user-list',
  ];

  it('answers 401 without a token and 403 without the codes', async () => {
    const none = await t.authFor(await createCaller(db(), TENANT_B, 'no-codes', []));
    for (const url of urls) {
      expect((await get(url, {})).statusCode, url).toBe(401);
      const res = await get(url, { ...none, ...EN });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, success: false });
    }
  });

  it('lets the user form pick roles, depts and posts, but not search users without the user screen', async () => {
    const former = await t.authFor(await createCaller(db(), TENANT_B, 'user-former', ['user_add']));
    for (const url of urls.slice(0, 3)) expect((await get(url, former)).statusCode, url).toBe(200);
    const picker = await t.authFor(await createCaller(db(), TENANT_B, 'only-roles', ['role']));
    expect((await get('/api/blade-user/search/user', picker)).statusCode).toBe(403);
    expect((await get('/api/blade-system/search/dept', picker)).statusCode).toBe(403);
  });

  it('refuses bad input with 400', async () => {
    for (const url of [
      '/api/blade-system/search/role?parentId=abc',
      '/api/blade-system/search/dept?parentId=-1',
      '/api/blade-system/search/post?size=0',
      `/api/blade-system/search/role?roleName=${'x'.repeat(65)}`,
      '/api/blade-user/search/user?current=abc',
    ]) {
      const res = await get(url, { ...bAdmin, ...EN });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});
