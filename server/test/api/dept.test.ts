import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { ADMIN_DEPT_ID, ADMIN_USER_ID } from '../../src/seed/platform-seed.ts';
import { createCaller, createTenant, createUser } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/dept';
const TENANT_B = '200200';
const DEPT_CODES = ['dept', 'dept_view', 'dept_add', 'dept_edit', 'dept_delete'];
let t: TestApp;
let adminB: Record<string, string>;
let rootB: string;

type Headers = Record<string, string>;
type Dept = { id: string; parentId: string; ancestors: string; deptName: string; children?: Dept[] };

async function deptRows() {
  const { rows } = await sql<{
    id: string;
    tenant_id: string;
    parent_id: string;
    ancestors: string;
    dept_name: string;
  }>`
    select id, tenant_id, parent_id, ancestors, dept_name, full_name, sort, is_deleted from blade_dept order by id`.execute(
    t.database.db,
  );
  return rows;
}

const get = (url: string, headers: Headers = t.auth()) => t.app.inject({ url: `${BASE}/${url}`, headers });
const post = (url: string, payload?: object, headers: Headers = t.auth()) =>
  t.app.inject({ method: 'POST', url: `${BASE}/${url}`, headers, ...(payload ? { payload } : {}) });

async function createDept(deptName: string, parentId = '0', headers: Headers = t.auth()): Promise<Dept> {
  const res = await post('submit', { deptName, parentId }, headers);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const callerOf = (tenantId: string, alias: string, codes: string[]) =>
  createCaller(t.database.db, tenantId, alias, codes);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database.db, TENANT_B);
  adminB = await t.authFor(await callerOf(TENANT_B, 'dept-admin', DEPT_CODES));
  rootB = (await createDept('B root', '0', adminB)).id;
});
afterAll(() => t.close());

describe(`POST ${BASE}/submit`, () => {
  it('inserts a root and a child, keeping ancestors, and answers the saved record', async () => {
    const root = await createDept('Sales');
    expect(root).toMatchObject({
      parentId: '0',
      ancestors: '0',
      deptName: 'Sales',
      tenantId: '000000',
      parentName: '',
    });
    const res = await post('submit', {
      deptName: 'Sales East',
      fullName: 'Sales, east',
      parentId: root.id,
      deptCategory: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      parentId: root.id,
      ancestors: `0,${root.id}`,
      fullName: 'Sales, east',
      parentName: 'Sales',
      deptCategory: 2,
      deptCategoryName: '部门',
    });
    const child = res.json().data as Dept;
    const grandchild = await createDept('Sales East 1', child.id);
    expect(grandchild.ancestors).toBe(`0,${root.id},${child.id}`);
    expect((await deptRows()).find((r) => r.id === grandchild.id)?.ancestors).toBe(`0,${root.id},${child.id}`);
  });

  it('refuses a missing or blank deptName in the caller language and writes nothing', async () => {
    const before = await deptRows();
    const absent = await post('submit', { fullName: 'x' });
    expect(absent.statusCode).toBe(400);
    expect(absent.json()).toMatchObject({ code: 400, success: false, msg: '请输入部门名称' });
    const blank = await post('submit', { deptName: '  ' }, { ...t.auth(), 'accept-language': 'en-US' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toBe('Please enter dept name');
    const long = await post('submit', { deptName: 'x'.repeat(46) }, { ...t.auth(), 'accept-language': 'en' });
    expect(long.json().msg).toBe('deptName: must be at most 45 characters');
    expect(await deptRows()).toEqual(before);
  });

  it('refuses a parent that does not exist, was removed or belongs to another tenant', async () => {
    const gone = await createDept('Gone');
    expect((await post(`remove?ids=${gone.id}`)).statusCode).toBe(200);
    const before = await deptRows();
    for (const parentId of ['424242', gone.id, rootB]) {
      const res = await post('submit', { deptName: 'Orphan', parentId }, { ...t.auth(), 'accept-language': 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The parent dept does not exist or has been removed');
    }
    const malformed = await post('submit', { deptName: 'Orphan', parentId: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(await deptRows()).toEqual(before);
  });

  it('moves a dept and rewrites the ancestors of everything below it', async () => {
    const a = await createDept('Move A');
    const b = await createDept('Move B');
    const child = await createDept('Move child', a.id);
    const grandchild = await createDept('Move grandchild', child.id);
    const res = await post('submit', { id: child.id, parentId: b.id });
    expect(res.json().data).toMatchObject({
      id: child.id,
      parentId: b.id,
      ancestors: `0,${b.id}`,
      deptName: 'Move child',
    });
    const rows = await deptRows();
    expect(rows.find((r) => r.id === grandchild.id)?.ancestors).toBe(`0,${b.id},${child.id}`);
    await post('submit', { id: child.id, parentId: 0 });
    expect((await deptRows()).find((r) => r.id === grandchild.id)?.ancestors).toBe(`0,${child.id}`);
  });

  it('refuses to place a dept under itself or one of its descendants', async () => {
    const top = await createDept('Cycle top');
    const below = await createDept('Cycle below', top.id);
    const before = await deptRows();
    for (const parentId of [top.id, below.id]) {
      const res = await post('submit', { id: top.id, parentId }, { ...t.auth(), 'accept-language': 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('A dept cannot be placed under itself or one of its sub-depts');
    }
    expect((await post('submit', { id: top.id, parentId: below.id })).json().msg).toBe(
      '上级部门不能是部门自身或其下级部门',
    );
    expect(await deptRows()).toEqual(before);
  });

  it('updates only the fields sent', async () => {
    const dept = await createDept('Keep');
    const res = await post('submit', { id: dept.id, remark: 'note', sort: 7 });
    expect(res.json().data).toMatchObject({ id: dept.id, deptName: 'Keep', remark: 'note', sort: 7, parentId: '0' });
    expect((await post('submit', { id: dept.id, deptName: '' })).statusCode).toBe(400);
    expect((await get(`detail?id=${dept.id}`)).json().data.deptName).toBe('Keep');
  });

  it('answers 404 for an update of an unknown id and inserts nothing', async () => {
    const before = await deptRows();
    const res = await post('submit', { id: '999999999', deptName: 'Ghost' });
    expect(res.statusCode).toBe(404);
    expect(await deptRows()).toEqual(before);
  });

  it("keeps a tenant away from another tenant's depts", async () => {
    const a = await createDept('Tenant A only');
    const before = await deptRows();
    const update = await post('submit', { id: a.id, deptName: 'Taken' }, adminB);
    expect(update.statusCode).toBe(404);
    const underA = await post('submit', { deptName: 'Sneaky', parentId: a.id }, adminB);
    expect(underA.statusCode).toBe(400);
    expect(await deptRows()).toEqual(before);
  });

  it('needs dept_add to insert and dept_edit to update', async () => {
    const adder = await t.authFor(await callerOf('000000', 'dept-adder', ['dept_add']));
    const existing = await createDept('Edit me');
    const before = await deptRows();
    expect((await post('submit', { id: existing.id, deptName: 'Edited' }, adder)).statusCode).toBe(403);
    expect(await deptRows()).toEqual(before);
    expect((await post('submit', { deptName: 'Added by adder' }, adder)).statusCode).toBe(200);
  });
});

describe(`GET ${BASE}/list`, () => {
  it("answers the tenant's depts nested as a tree, with names of parents and categories", async () => {
    const root = await createDept('List root');
    await createDept('List child', root.id);
    const res = await get('list');
    expect(res.statusCode).toBe(200);
    const roots = res.json().data as Dept[];
    expect(roots.find((d) => d.id === ADMIN_DEPT_ID)).toMatchObject({ deptName: '管理组', deptCategoryName: '公司' });
    const found = roots.find((d) => d.id === root.id);
    expect(found?.children?.map((c) => c.deptName)).toEqual(['List child']);
    expect(found?.children?.[0]).toMatchObject({ parentName: 'List root', hasChildren: false });
    expect(roots.some((d) => d.id === rootB)).toBe(false);
  });

  it('filters by map-style keys', async () => {
    await createDept('Filter Alpha');
    await createDept('Filter Beta');
    const contains = (await get('list?deptName=filter%20al')).json().data as Dept[];
    expect(contains.map((d) => d.deptName)).toEqual(['Filter Alpha']);
    const equal = (await get('list?deptName_equal=Filter%20Beta')).json().data as Dept[];
    expect(equal.map((d) => d.deptName)).toEqual(['Filter Beta']);
    expect((await get('list?sort_ge=abc')).statusCode).toBe(400);
  });

  it("shows a tenant admin only their own tenant's depts", async () => {
    const roots = (await get('list', adminB)).json().data as Dept[];
    expect(roots.map((d) => d.id)).toEqual([rootB]);
  });
});

describe(`GET ${BASE}/lazy-list`, () => {
  it('answers one level, roots by default, each saying whether it has children', async () => {
    const root = await createDept('Lazy root');
    const child = await createDept('Lazy child', root.id);
    const roots = (await get('lazy-list')).json().data as (Dept & { hasChildren: boolean })[];
    expect(roots.find((d) => d.id === root.id)).toMatchObject({ hasChildren: true });
    expect(roots.some((d) => d.id === child.id)).toBe(false);
    const children = (await get(`lazy-list?parentId=${root.id}`)).json().data as Dept[];
    expect(children).toEqual([expect.objectContaining({ id: child.id, hasChildren: false, parentName: 'Lazy root' })]);
  });

  it('searches the whole tree when filters come without a parentId', async () => {
    const root = await createDept('Deep root');
    await createDept('Deep needle', root.id);
    const found = (await get('lazy-list?deptName=needle')).json().data as Dept[];
    expect(found.map((d) => d.deptName)).toEqual(['Deep needle']);
  });
});

describe(`GET ${BASE}/tree and lazy-tree`, () => {
  it('answers tree nodes of the caller tenant', async () => {
    const root = await createDept('Tree root');
    const child = await createDept('Tree child', root.id);
    const nodes = (await get('tree')).json().data as { id: string; title: string; children?: { id: string }[] }[];
    const node = nodes.find((n) => n.id === root.id);
    expect(node).toMatchObject({ title: 'Tree root', key: root.id, value: root.id, parentId: '0', hasChildren: true });
    expect(node?.children?.map((c) => c.id)).toEqual([child.id]);
    const lazy = (await get(`lazy-tree?parentId=${root.id}`)).json().data;
    expect(lazy).toEqual([
      { id: child.id, parentId: root.id, title: 'Tree child', key: child.id, value: child.id, hasChildren: false },
    ]);
  });

  it('lets the platform tenant name another tenant, but not the other way round', async () => {
    const platform = (await get(`tree?tenantId=${TENANT_B}`)).json().data as Dept[];
    expect(platform.map((n) => n.id)).toEqual([rootB]);
    const lazy = (await get(`lazy-tree?tenantId=${TENANT_B}`)).json().data as Dept[];
    expect(lazy.map((n) => n.id)).toEqual([rootB]);
    const tenantB = (await get('tree?tenantId=000000', adminB)).json().data as Dept[];
    expect(tenantB.map((n) => n.id)).toEqual([rootB]);
    const lazyB = (await get(`lazy-tree?tenantId=000000&parentId=${ADMIN_DEPT_ID}`, adminB)).json().data;
    expect(lazyB).toEqual([]);
  });
});

describe(`GET ${BASE}/detail`, () => {
  it('answers one dept, 404 for an unknown, removed or foreign one', async () => {
    const dept = await createDept('Detail me');
    expect((await get(`detail?id=${dept.id}`)).json().data).toMatchObject({ id: dept.id, deptName: 'Detail me' });
    expect((await get('detail?id=123')).statusCode).toBe(404);
    expect((await get(`detail?id=${rootB}`)).statusCode).toBe(404);
    expect((await get(`detail?id=${dept.id}`, adminB)).statusCode).toBe(404);
    await post(`remove?ids=${dept.id}`);
    expect((await get(`detail?id=${dept.id}`)).statusCode).toBe(404);
    expect((await get('detail?id=abc')).statusCode).toBe(400);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('soft-deletes depts', async () => {
    const dept = await createDept('Remove me');
    expect((await post(`remove?ids=${dept.id}`)).json()).toMatchObject({ code: 200, success: true });
    expect((await deptRows()).find((r) => r.id === dept.id)).toMatchObject({ is_deleted: 1 });
  });

  it('refuses a dept that has children, unless they go with it', async () => {
    const parent = await createDept('Has kids');
    const kid = await createDept('Kid', parent.id);
    const before = await deptRows();
    const res = await post(`remove?ids=${parent.id}`, undefined, { ...t.auth(), 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Remove the sub-depts first: Has kids');
    expect((await post(`remove?ids=${parent.id}`)).json().msg).toBe('请先删除子部门: Has kids');
    expect(await deptRows()).toEqual(before);
    expect((await post(`remove?ids=${parent.id},${kid.id}`)).statusCode).toBe(200);
  });

  it('refuses a dept that users belong to, by the user row or by blade_user_dept', async () => {
    const byColumn = await createDept('Staffed by column');
    const byLink = await createDept('Staffed by link');
    await createUser(t.database.db, '000000', 'dept-member', 'pw', { deptIds: [byColumn.id] });
    await sql`insert into blade_user_dept (id, user_id, dept_id) values (${nextId()}, ${ADMIN_USER_ID}, ${byLink.id})`.execute(
      t.database.db,
    );
    const before = await deptRows();
    for (const dept of [byColumn, byLink]) {
      const res = await post(`remove?ids=${dept.id}`, undefined, { ...t.auth(), 'accept-language': 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`These depts still have users and cannot be removed: ${dept.deptName}`);
    }
    expect(await deptRows()).toEqual(before);
  });

  it('removes nothing when one id is unknown or foreign, and says which', async () => {
    const dept = await createDept('Stays');
    const before = await deptRows();
    const res = await post(`remove?ids=${dept.id},${rootB}`, undefined, { ...t.auth(), 'accept-language': 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(`These records do not exist or are not yours: ${rootB}`);
    expect((await post(`remove?ids=${dept.id}`, undefined, adminB)).statusCode).toBe(404);
    expect(await deptRows()).toEqual(before);
    expect((await post('remove')).statusCode).toBe(400);
  });
});

describe(`GET ${BASE}/select`, () => {
  it("answers the caller's own depts to any signed-in user", async () => {
    const mine = (await get('select')).json().data as Dept[];
    expect(mine.map((d) => d.id)).toEqual([ADMIN_DEPT_ID]);
    const home = await createDept('Clerk home');
    const clerkId = await createUser(t.database.db, '000000', 'select-clerk', 'pw', { deptIds: [home.id] });
    const clerk = await t.authFor({ ...plainUser, userId: clerkId });
    expect(((await get('select', clerk)).json().data as Dept[]).map((d) => d.deptName)).toEqual(['Clerk home']);
    expect((await get(`select?userId=${ADMIN_USER_ID}`, clerk)).statusCode).toBe(403);
  });

  it("answers another user's depts to dept managers, within the tenant only", async () => {
    const home = await createDept('Someone home');
    const userId = await createUser(t.database.db, '000000', 'select-other', 'pw', { deptIds: [home.id] });
    const theirs = (await get(`select?userId=${userId}`)).json().data as Dept[];
    expect(theirs.map((d) => d.id)).toEqual([home.id]);
    expect((await get(`select?userId=${userId}`, adminB)).statusCode).toBe(404);
  });
});

describe('who may call the dept endpoints', () => {
  const calls = [
    { method: 'GET', url: `${BASE}/list` },
    { method: 'GET', url: `${BASE}/lazy-list` },
    { method: 'GET', url: `${BASE}/tree` },
    { method: 'GET', url: `${BASE}/lazy-tree` },
    { method: 'GET', url: `${BASE}/detail?id=${ADMIN_DEPT_ID}` },
    { method: 'POST', url: `${BASE}/submit`, payload: { deptName: 'Not allowed' } },
    { method: 'POST', url: `${BASE}/remove?ids=${ADMIN_DEPT_ID}` },
  ] as const;
  for (const call of calls) {
    it(`${call.method} ${call.url}: 401 without a token, 403 without the permission`, async () => {
      const before = await deptRows();
      expect((await t.app.inject({ ...call })).statusCode).toBe(401);
      const clerk = await t.app.inject({ ...call, headers: t.auth(plainUser) });
      expect(clerk.statusCode).toBe(403);
      expect(clerk.json()).toMatchObject({ code: 403, msg: '没有权限执行该操作' });
      expect(await deptRows()).toEqual(before);
    });
  }

  it('lets whoever manages users read the tree for the user form', async () => {
    const userManager = await t.authFor(await callerOf('000000', 'user-manager', ['user']));
    expect((await get('tree', userManager)).statusCode).toBe(200);
    expect((await get('lazy-tree', userManager)).statusCode).toBe(200);
    expect((await get('list', userManager)).statusCode).toBe(403);
  });
});
