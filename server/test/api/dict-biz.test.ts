import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyBusinessDictionaries } from '../../src/seed/access-seed.ts';
import { BUSINESS_DICTS } from '../../src/seed/dict-data.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/dict-biz';
const EN = { 'accept-language': 'en' };
const A = '000000';
const B = '100400';
const SEEDED_ROWS = BUSINESS_DICTS.reduce((n, d) => n + 1 + d.items.length, 0);
let t: TestApp;
// Tenant A is the platform tenant (t.auth()); tenant B has its own copy and an admin holding every dictbiz code.
let bAdmin: Record<string, string>;
let bClerk: Record<string, string>;

interface Row {
  id: string;
  tenant_id: string;
  parent_id: string;
  code: string;
  dict_key: string;
  dict_value: string;
  is_sealed: number;
  is_deleted: number;
}

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database.db, B);
  await t.database.db.transaction().execute((trx) => copyBusinessDictionaries(trx, B));
  const role = await createRole(t.database.db, B, 'dictbiz-keeper', [
    'dictbiz',
    'dictbiz_add',
    'dictbiz_edit',
    'dictbiz_delete',
  ]);
  bAdmin = await t.authFor({ ...plainUser, tenantId: B, roleIds: [role], roleAliases: ['dictbiz-keeper'] });
  const clerkRole = await createRole(t.database.db, B, 'clerk');
  bClerk = await t.authFor({ ...plainUser, tenantId: B, roleIds: [clerkRole], roleAliases: ['clerk'] });
});
afterAll(() => t.close());

async function rows(tenantId?: string): Promise<Row[]> {
  const { rows } = await sql<Row>`select id, tenant_id, parent_id, code, dict_key, dict_value, is_sealed, is_deleted
    from blade_dict_biz order by id`.execute(t.database.db);
  return tenantId ? rows.filter((r) => r.tenant_id === tenantId) : rows;
}
const rootOf = async (tenantId: string, code: string) =>
  (await rows(tenantId)).find((r) => r.code === code && r.parent_id === '0' && r.is_deleted === 0)!;

function get(path: string, headers: Record<string, string>) {
  return t.app.inject({ url: `${BASE}/${path}`, headers });
}
function submit(body: object, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: `${BASE}/submit`, headers, payload: body });
}
function remove(ids: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${ids}`, headers });
}
const ids = (records: { id: string }[]) => records.map((r) => r.id);

describe(`GET ${BASE}/list, parent-list, child-list, tree, parent-tree`, () => {
  it('show each tenant its own copy only', async () => {
    const mine = new Set(ids(await rows(B)));
    // list: the array tree (BladeX), the tenant's rows only
    const flat = (
      nodes: { id: string; tenantId: string; children?: unknown[] }[],
    ): { id: string; tenantId: string }[] => nodes.flatMap((n) => [n, ...flat((n.children ?? []) as typeof nodes)]);
    const list = flat((await get('list', bAdmin)).json().data);
    expect(list).toHaveLength(SEEDED_ROWS);
    expect(list.every((r) => mine.has(r.id) && r.tenantId === B)).toBe(true);
    const parents = (await get('parent-list', bAdmin)).json().data.records;
    expect(parents.map((r: { code: string }) => r.code)).toEqual(BUSINESS_DICTS.map((d) => d.code));
    expect(parents.every((r: { id: string }) => mine.has(r.id))).toBe(true);
    const root = await rootOf(B, 'device_type');
    const children = (await get(`child-list?parentId=${root.id}`, bAdmin)).json().data.records;
    expect(children.map((r: { dictKey: string }) => r.dictKey)).toEqual([
      'site',
      'warehouse',
      'cabinet',
      'slot',
      'kiosk',
    ]);
    const tree = (await get('tree', bAdmin)).json().data;
    expect(tree.every((n: { id: string }) => mine.has(n.id))).toBe(true);
    expect(tree.find((n: { code: string }) => n.code === 'notice_type').children).toHaveLength(4);
    const parentTree = (await get('parent-tree', bAdmin)).json().data;
    expect(ids(parentTree).every((id) => mine.has(id))).toBe(true);
    expect(parentTree).toHaveLength(BUSINESS_DICTS.length);
  });

  it('answer 404 for another tenant’s dictionary and read nothing of it', async () => {
    const ofA = await rootOf(A, 'material_unit');
    const child = await get(`child-list?parentId=${ofA.id}`, bAdmin);
    expect(child.statusCode).toBe(404);
    expect(child.json().data).toBeNull();
    expect((await get(`detail?id=${ofA.id}`, bAdmin)).statusCode).toBe(404);
    expect((await get(`list?id_equal=${ofA.id}`, bAdmin)).json().data).toEqual([]);
  });

  it('refuse malformed parameters', async () => {
    const res = await get('child-list', { ...bAdmin, ...EN });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Please select a dictionary');
    expect((await get('parent-list?ascs=tenant_id', bAdmin)).statusCode).toBe(400);
    expect((await get('detail?id=-1', bAdmin)).statusCode).toBe(400);
  });
});

describe(`GET ${BASE}/dictionary`, () => {
  it('answers the caller’s tenant’s items to any signed-in user of it', async () => {
    const mine = new Set(ids(await rows(B)));
    const items = (await get('dictionary?code=device_type', bClerk)).json().data;
    expect(items.map((i: { dictKey: string }) => i.dictKey)).toEqual(['site', 'warehouse', 'cabinet', 'slot', 'kiosk']);
    expect(ids(items).every((id) => mine.has(id))).toBe(true);
    expect((await get('dictionary', { ...bClerk, ...EN })).json().msg).toBe('Please enter dictionary code');
  });

  it('reflects one tenant’s sealing in that tenant only', async () => {
    const kioskOfB = (await rows(B)).find((r) => r.dict_key === 'kiosk')!;
    expect((await submit({ id: kioskOfB.id, isSealed: 1 }, bAdmin)).statusCode).toBe(200);
    const keysOf = async (headers: Record<string, string>) =>
      (await get('dictionary?code=device_type', headers)).json().data.map((i: { dictKey: string }) => i.dictKey);
    expect(await keysOf(bClerk)).not.toContain('kiosk');
    expect(await keysOf(t.auth(plainUser))).toContain('kiosk');
    await submit({ id: kioskOfB.id, isSealed: 0 }, bAdmin);
  });
});

describe(`POST ${BASE}/submit`, () => {
  it('lets a tenant (not only the platform) add to its own dictionaries, ignoring a tenantId sent', async () => {
    const res = await submit({ code: 'b_only', dictValue: '乙', sort: 9, isSealed: 0, tenantId: A }, bAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'b_only', tenantId: B, dictKey: '-1' });
    const item = await submit(
      { parentId: res.json().data.id, dictKey: '1', dictValue: 'one', sort: 1, isSealed: 0 },
      bAdmin,
    );
    expect(item.json().data).toMatchObject({ code: 'b_only', tenantId: B });
    expect((await rows(A)).some((r) => r.code === 'b_only')).toBe(false);
  });

  it('keeps codes and keys unique per tenant', async () => {
    expect((await submit({ code: 'shared_code', dictValue: 'a', sort: 1, isSealed: 0 }, t.auth())).statusCode).toBe(
      200,
    );
    expect((await submit({ code: 'shared_code', dictValue: 'b', sort: 1, isSealed: 0 }, bAdmin)).statusCode).toBe(200);
    const before = await rows();
    const again = await submit({ code: 'shared_code', dictValue: 'c', sort: 1, isSealed: 0 }, { ...bAdmin, ...EN });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('The dictionary code shared_code already exists');
    const root = await rootOf(B, 'material_unit');
    const key = await submit({ parentId: root.id, dictKey: 'kg', dictValue: 'x', sort: 1, isSealed: 0 }, bAdmin);
    expect(key.json()).toMatchObject({ code: 409, msg: '字典 material_unit 中已有键值 kg' });
    expect(await rows()).toEqual(before);
  });

  it('refuses bad input in the caller’s language and writes nothing', async () => {
    const before = await rows();
    const zh = await submit({ dictValue: 'v', sort: 1, isSealed: 0 }, bAdmin);
    expect(zh.json()).toMatchObject({ code: 400, msg: '请输入字典编号' });
    const root = await rootOf(B, 'material_unit');
    const en = await submit({ parentId: root.id, dictValue: 'v', sort: 'x', isSealed: 0 }, { ...bAdmin, ...EN });
    // the body's fields are checked before the rules of an item (its key)
    expect(en.json().msg).toBe('Please enter dictionary sort');
    expect(await rows()).toEqual(before);
  });

  it('renames the items of the caller’s dictionary only', async () => {
    const root = await rootOf(B, 'notice_type');
    const res = await submit({ id: root.id, code: 'alert_type' }, bAdmin);
    expect(res.statusCode).toBe(200);
    const mine = (await rows(B)).filter((r) => r.is_deleted === 0);
    expect(mine.filter((r) => r.code === 'alert_type')).toHaveLength(5);
    expect(mine.some((r) => r.code === 'notice_type')).toBe(false);
    expect((await rows(A)).filter((r) => r.code === 'notice_type' && r.is_deleted === 0)).toHaveLength(5);
  });

  it('answers 404 to an update of another tenant’s row, and 400 to an item under its dictionary', async () => {
    const ofA = await rootOf(A, 'material_unit');
    const before = await rows();
    const update = await submit({ id: ofA.id, dictValue: 'stolen' }, bAdmin);
    expect(update.statusCode).toBe(404);
    const item = await submit(
      { parentId: ofA.id, dictKey: 'z', dictValue: 'planted', sort: 1, isSealed: 0 },
      { ...bAdmin, ...EN },
    );
    expect(item.statusCode).toBe(400);
    expect(item.json().msg).toBe('The parent node does not exist');
    expect(await rows()).toEqual(before);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('removes the caller’s rows, refusing a dictionary that keeps items', async () => {
    const root = (await submit({ code: 'b_remove', dictValue: 'v', sort: 1, isSealed: 0 }, bAdmin)).json().data;
    const item = (
      await submit({ parentId: root.id, dictKey: '1', dictValue: 'v', sort: 1, isSealed: 0 }, bAdmin)
    ).json().data;
    expect((await remove(root.id, bAdmin)).json().msg).toBe('请先删除子节点!');
    expect((await remove(`${item.id},${root.id}`, bAdmin)).statusCode).toBe(200);
    expect((await rows(B)).filter((r) => r.code === 'b_remove').every((r) => r.is_deleted === 1)).toBe(true);
  });

  it('answers 404 for another tenant’s ids and removes nothing', async () => {
    const ofA = await rootOf(A, 'device_type');
    const ofB = (await submit({ code: 'b_keep', dictValue: 'v', sort: 1, isSealed: 0 }, bAdmin)).json().data;
    const before = await rows();
    const res = await remove(`${ofB.id},${ofA.id}`, { ...bAdmin, ...EN });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(`These records do not exist or are not yours: ${ofA.id}`);
    expect((await remove('x', bAdmin)).statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });
});

describe('who may call the business dictionary endpoints', () => {
  it('answers 401 without a token and 403 without the codes, writing nothing', async () => {
    const root = await rootOf(B, 'material_unit');
    const before = await rows();
    for (const path of [
      'list',
      'parent-list',
      `child-list?parentId=${root.id}`,
      `detail?id=${root.id}`,
      'tree',
      'parent-tree',
    ]) {
      expect((await get(path, {})).statusCode).toBe(401);
      expect((await get(path, bClerk)).statusCode).toBe(403);
    }
    expect((await get('dictionary?code=material_unit', {})).statusCode).toBe(401);
    const writes = [
      submit({ code: 'clerk_made', dictValue: 'v', sort: 1, isSealed: 0 }, bClerk),
      submit({ id: root.id, dictValue: 'clerk' }, bClerk),
      remove(root.id, bClerk),
    ];
    for (const res of await Promise.all(writes)) expect(res.json()).toMatchObject({ code: 403 });
    expect(await rows()).toEqual(before);
  });

  it('needs dictbiz_edit to update, not only dictbiz_add', async () => {
    const role = await createRole(t.database.db, B, 'dictbiz-adder', ['dictbiz', 'dictbiz_add']);
    const adder = await t.authFor({ ...plainUser, tenantId: B, roleIds: [role], roleAliases: ['dictbiz-adder'] });
    const created = await submit({ code: 'by_adder', dictValue: 'v', sort: 1, isSealed: 0 }, adder);
    expect(created.statusCode).toBe(200);
    const before = await rows();
    expect((await submit({ id: created.json().data.id, dictValue: 'changed' }, adder)).statusCode).toBe(403);
    expect((await remove(created.json().data.id, adder)).statusCode).toBe(403);
    expect(await rows()).toEqual(before);
  });
});
