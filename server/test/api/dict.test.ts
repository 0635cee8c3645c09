import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_DICTS } from '../../src/seed/dict-data.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/dict';
const EN = { 'accept-language': 'en-US,en;q=0.9' };
const ALL_CODES = ['dict', 'dict_view', 'dict_add', 'dict_edit', 'dict_delete'];
let t: TestApp;
let tenantAdmin: Record<string, string>;

interface Row {
  id: string;
  parent_id: string;
  code: string;
  dict_key: string;
  dict_value: string;
  sort: number;
  is_sealed: number;
  is_deleted: number;
}

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database.db, '100300');
  const role = await createRole(t.database.db, '100300', 'dict-keeper', ALL_CODES);
  tenantAdmin = await t.authFor({ ...plainUser, tenantId: '100300', roleIds: [role], roleAliases: ['dict-keeper'] });
});
afterAll(() => t.close());

async function rows(): Promise<Row[]> {
  const { rows } = await sql<Row>`select id, parent_id, code, dict_key, dict_value, sort, is_sealed, is_deleted
    from blade_dict order by id`.execute(t.database.db);
  return rows;
}
const liveRows = async (code: string) => (await rows()).filter((r) => r.code === code && r.is_deleted === 0);

function get(path: string, headers: Record<string, string> = t.auth()) {
  return t.app.inject({ url: `${BASE}/${path}`, headers });
}
function submit(body: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${BASE}/submit`, headers: { ...t.auth(), ...headers }, payload: body });
}
function remove(ids: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${ids}`, headers: { ...t.auth(), ...headers } });
}
async function createRoot(code: string, extra: object = {}) {
  const res = await submit({ code, dictValue: `name of ${code}`, sort: 1, isSealed: 0, ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; code: string };
}
async function createItem(parentId: string, dictKey: string, extra: object = {}) {
  const res = await submit({
    parentId,
    dictKey,
    dictValue: `value ${dictKey}`,
    sort: Number(dictKey) || 1,
    isSealed: 0,
    ...extra,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; code: string; parentId: string };
}
const sexRoot = async () => (await liveRows('sex')).find((r) => r.parent_id === '0')!;

describe(`GET ${BASE}/list`, () => {
  interface Node {
    id: string;
    parentId: string;
    dictKey: string;
    sort: number;
    hasChildren: boolean;
    children?: Node[];
  }

  it('answers the array tree BladeX answers (not a page): each dictionary with its items below it, by sort', async () => {
    const res = await get('list?code_equal=sex&current=2&size=1');
    expect(res.json()).toMatchObject({ code: 200, success: true });
    const tree = res.json().data as Node[];
    expect(Array.isArray(tree)).toBe(true);
    expect(tree).toHaveLength(1);
    const [sex] = tree;
    expect(sex).toMatchObject({ dictKey: '-1', parentId: '0', hasChildren: true, parentName: null });
    expect(sex!.children!.map((n) => n.dictKey)).toEqual(['1', '2', '3']);
    expect(Object.keys(sex!.children![0]!).sort()).toEqual(
      [
        'id',
        'parentId',
        'code',
        'dictKey',
        'dictValue',
        'sort',
        'remark',
        'isSealed',
        'isDeleted',
        'parentName',
        'hasChildren',
      ].sort(),
    );
    expect(sex!.children![0]).toMatchObject({ code: 'sex', dictValue: '男', parentName: '性别', parentId: sex!.id });
  });

  it('nests every level, and a row whose parent is filtered out is a root', async () => {
    const root = await createRoot('list_tree');
    const a = await createItem(root.id, '1', { sort: 2 });
    await createItem(root.id, '2', { sort: 1 });
    const deep = await createItem(a.id, '3');
    const tree = (await get('list?code_equal=list_tree')).json().data as Node[];
    expect(tree.map((n) => n.id)).toEqual([root.id]);
    expect(tree[0]!.children!.map((n) => n.dictKey)).toEqual(['2', '1']);
    expect(tree[0]!.children![1]!.children!.map((n) => n.id)).toEqual([deep.id]);
    expect(tree[0]!.children![0]).toMatchObject({ hasChildren: false });
    expect(tree[0]!.children![0]).not.toHaveProperty('children');
    const items = (await get('list?code_equal=list_tree&parentId_notequal=0')).json().data as Node[];
    expect(items.map((n) => n.dictKey)).toEqual(['2', '1']);
    expect((await remove([root.id, a.id, deep.id, tree[0]!.children![0]!.id].join(','))).statusCode).toBe(200);
  });

  it('filters with the BladeX suffixes', async () => {
    const found = (await get('list?dictValue=未知')).json().data as (Node & { code: string })[];
    expect(found.map((r) => `${r.code}:${r.dictKey}`)).toEqual(['sex:3']);
    const zh = await get('list?sort_equal=many');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('sort: 格式不正确');
  });
});

describe(`GET ${BASE}/parent-list`, () => {
  it('answers the dictionaries (roots) only, paged, in their order', async () => {
    const page = (await get('parent-list?size=100')).json().data;
    expect(page.total).toBe(SYSTEM_DICTS.length);
    expect(
      page.records.every((r: { parentId: string; dictKey: string }) => r.parentId === '0' && r.dictKey === '-1'),
    ).toBe(true);
    const sorts = page.records.map((r: { sort: number }) => r.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    const one = (await get('parent-list?code=scope_cat')).json().data;
    expect(one.records.map((r: { dictValue: string }) => r.dictValue)).toEqual(['权限类型']);
    expect((await get('parent-list?size=1001')).statusCode).toBe(400);
    const bad = await get('parent-list?descs=sort;drop table blade_dict', { ...t.auth(), ...EN });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Sorting by sort;drop table blade_dict is not supported');
  });
});

describe(`GET ${BASE}/child-list`, () => {
  it('answers the items of one dictionary at every depth, paged and filtered', async () => {
    const root = await createRoot('child_list');
    const a = await createItem(root.id, '1');
    await createItem(root.id, '2');
    await createItem(a.id, '3');
    const page = (await get(`child-list?parentId=${root.id}&size=2`)).json().data;
    expect(page).toMatchObject({ total: 3, size: 2, pages: 2 });
    expect(page.records.map((r: { dictKey: string }) => r.dictKey)).toEqual(['1', '2']);
    const filtered = (await get(`child-list?parentId=${root.id}&dictKey_equal=3`)).json().data.records;
    expect(filtered).toEqual([expect.objectContaining({ dictKey: '3', parentId: a.id, parentName: 'value 1' })]);
  });

  it('answers 404 for an unknown id or an item, and asks for the dictionary when none is given', async () => {
    expect((await get('child-list?parentId=424242')).statusCode).toBe(404);
    const item = (await liveRows('sex')).find((r) => r.dict_key === '1')!;
    expect((await get(`child-list?parentId=${item.id}`)).statusCode).toBe(404);
    const missing = await get('child-list');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请选择字典');
    expect((await get('child-list', { ...t.auth(), ...EN })).json().msg).toBe('Please select a dictionary');
    expect((await get('child-list?parentId=1;drop')).statusCode).toBe(400);
  });
});

describe(`GET ${BASE}/detail`, () => {
  it('answers one record, 404 for an unknown or removed one, 400 for a malformed id', async () => {
    const root = await sexRoot();
    expect((await get(`detail?id=${root.id}`)).json().data).toMatchObject({
      id: root.id,
      code: 'sex',
      dictValue: '性别',
    });
    expect((await get('detail?id=424242')).statusCode).toBe(404);
    const gone = await createRoot('detail_gone');
    await remove(gone.id);
    expect((await get(`detail?id=${gone.id}`)).statusCode).toBe(404);
    const bad = await get('detail?id=abc', { ...t.auth(), ...EN });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('id: is not valid');
  });
});

describe(`GET ${BASE}/tree and /parent-tree`, () => {
  it('answers every dictionary with its items as tree nodes', async () => {
    const tree = (await get('tree')).json().data;
    const sex = tree.find((n: { code: string }) => n.code === 'sex');
    expect(sex).toMatchObject({ title: '性别', parentId: '0', key: sex.id, value: sex.id, hasChildren: true });
    expect(sex.children.map((c: { title: string }) => c.title)).toEqual(['男', '女', '未知']);
    // Saber's client asks for code=DICT and means all of them.
    expect((await get('tree?code=DICT')).json().data.length).toBe(tree.length);
  });

  it('answers one dictionary for a code, nothing for an unknown one', async () => {
    const one = (await get('tree?code=yes_no')).json().data;
    expect(one).toHaveLength(1);
    expect(one[0].children.map((c: { dictKey: string }) => c.dictKey)).toEqual(['1', '2']);
    expect((await get('tree?code=no_such')).json().data).toEqual([]);
    expect((await get(`tree?code=${'x'.repeat(256)}`)).statusCode).toBe(400);
  });

  it('parent-tree answers the dictionaries only', async () => {
    const roots = (await get('parent-tree')).json().data;
    expect(roots.length).toBeGreaterThanOrEqual(SYSTEM_DICTS.length);
    expect(roots.every((n: { parentId: string; children?: unknown }) => n.parentId === '0' && !n.children)).toBe(true);
  });
});

describe(`GET ${BASE}/dictionary`, () => {
  it('answers the live, unsealed items of a code in their order, with the fields screens need', async () => {
    const root = await createRoot('screen_dict');
    await createItem(root.id, '2');
    await createItem(root.id, '1');
    await createItem(root.id, '3', { isSealed: 1 });
    const removed = await createItem(root.id, '4');
    await remove(removed.id);
    const items = (await get('dictionary?code=screen_dict', t.auth(plainUser))).json().data;
    expect(items.map((i: { dictKey: string }) => i.dictKey)).toEqual(['1', '2']);
    expect(Object.keys(items[0]).sort()).toEqual(['code', 'dictKey', 'dictValue', 'id', 'parentId', 'remark', 'sort']);
  });

  it('dictionary-tree nests the items', async () => {
    const root = await createRoot('nested_dict');
    const top = await createItem(root.id, '1');
    await createItem(top.id, '2');
    const tree = (await get('dictionary-tree?code=nested_dict', t.auth(plainUser))).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({
      dictKey: '1',
      title: 'value 1',
      children: [expect.objectContaining({ dictKey: '2' })],
    });
  });

  it('asks for a code, and answers 401 without a token', async () => {
    const missing = await get('dictionary');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请输入字典编号');
    expect((await get('dictionary-tree?code=', { ...t.auth(), ...EN })).json().msg).toBe(
      'Please enter dictionary code',
    );
    expect((await get('dictionary?code=sex', {})).statusCode).toBe(401);
  });
});

describe(`POST ${BASE}/submit`, () => {
  it('inserts a dictionary with parent 0 and key -1, whatever key is sent', async () => {
    const res = await submit({
      code: 'new_root',
      dictValue: '新字典',
      sort: 3,
      isSealed: 0,
      dictKey: '7',
      remark: 'r',
    });
    expect(res.json().data).toMatchObject({ code: 'new_root', parentId: '0', dictKey: '-1', sort: 3, remark: 'r' });
    expect(await liveRows('new_root')).toHaveLength(1);
  });

  it('inserts an item under a dictionary, taking the dictionary’s code', async () => {
    const root = await createRoot('items_of');
    const res = await submit({
      parentId: root.id,
      code: 'ignored',
      dictKey: 'k1',
      dictValue: 'v',
      sort: '2',
      isSealed: '0',
    });
    expect(res.json().data).toMatchObject({ code: 'items_of', parentId: root.id, dictKey: 'k1', sort: 2, isSealed: 0 });
    expect((await liveRows('ignored')).length).toBe(0);
  });

  const rootFields = [
    ['code', '请输入字典编号', 'Please enter dictionary code'],
    ['dictValue', '请输入字典名称', 'Please enter dictionary name'],
    ['sort', '请输入字典排序', 'Please enter dictionary sort'],
  ] as const;
  for (const [field, zh, en] of rootFields) {
    it(`refuses a dictionary without ${field} with "${en}" and writes nothing`, async () => {
      const before = await rows();
      const full = { code: `missing_${field}`, dictValue: 'v', sort: 1, isSealed: 0 };
      const absent = await submit({ ...full, [field]: undefined });
      expect(absent.statusCode).toBe(400);
      expect(absent.json()).toMatchObject({ code: 400, success: false, msg: zh, data: [{ field, message: zh }] });
      const blank = await submit({ ...full, [field]: field === 'sort' ? null : '  ' }, EN);
      expect(blank.statusCode).toBe(400);
      expect(blank.json().msg).toBe(en);
      expect(await rows()).toEqual(before);
    });
  }

  it('refuses an item without a key, a sealed flag other than 0 or 1, a fractional sort', async () => {
    const root = await sexRoot();
    const before = await rows();
    const noKey = await submit({ parentId: root.id, dictValue: 'v', sort: 9, isSealed: 0 });
    expect(noKey.json()).toMatchObject({ code: 400, msg: '请输入字典键值' });
    expect(
      (await submit({ parentId: root.id, dictKey: ' ', dictValue: 'v', sort: 9, isSealed: 0 }, EN)).json().msg,
    ).toBe('Please enter dictionary key');
    expect((await submit({ code: 'c', dictValue: 'v', sort: 1, isSealed: 2 }, EN)).json().msg).toBe(
      'Please select whether it is sealed',
    );
    expect((await submit({ code: 'c', dictValue: 'v', sort: 1.5, isSealed: 0 })).json().msg).toBe('请输入字典排序');
    expect((await submit({ code: 'c'.repeat(256), dictValue: 'v', sort: 1, isSealed: 0 }, EN)).json().msg).toBe(
      'code: must be at most 255 characters',
    );
    expect((await submit({}, EN)).json().msg).toBe(
      'Please enter dictionary code; Please enter dictionary name; Please enter dictionary sort',
    );
    expect(await rows()).toEqual(before);
  });

  it('saves a dictionary and an item without isSealed (or with "") unsealed, as BladeX, whose forms never send it', async () => {
    const root = await submit({ code: 'unsealed', dictValue: 'v', sort: 1 });
    expect(root.statusCode).toBe(200);
    expect(root.json().data).toMatchObject({ isSealed: 0 });
    const item = await submit({ parentId: root.json().data.id, dictKey: '1', dictValue: 'v', sort: 1, isSealed: '' });
    expect(item.statusCode).toBe(200);
    expect(item.json().data).toMatchObject({ isSealed: 0 });
    await submit({ id: item.json().data.id, isSealed: 1 });
    const edited = await submit({ id: item.json().data.id, dictValue: 'w', isSealed: '' });
    expect(edited.json().data).toMatchObject({ dictValue: 'w', isSealed: 1 });
  });

  it('refuses an item under a parent that does not exist', async () => {
    const before = await rows();
    const res = await submit({ parentId: '424242', dictKey: '1', dictValue: 'v', sort: 1, isSealed: 0 }, EN);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The parent node does not exist');
    expect((await submit({ parentId: 'x', dictKey: '1', dictValue: 'v', sort: 1, isSealed: 0 })).statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('refuses a code or a key that a live row already holds, with 409', async () => {
    const root = await sexRoot();
    const before = await rows();
    const code = await submit({ code: 'sex', dictValue: 'again', sort: 1, isSealed: 0 });
    expect(code.statusCode).toBe(409);
    expect(code.json().msg).toBe('字典编号 sex 已存在');
    const key = await submit({ parentId: root.id, dictKey: '1', dictValue: 'again', sort: 1, isSealed: 0 }, EN);
    expect(key.statusCode).toBe(409);
    expect(key.json().msg).toBe('The dictionary sex already has the key 1');
    expect(await rows()).toEqual(before);
  });

  it('refuses a duplicate even when two inserts race', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => submit({ code: 'race_dict', dictValue: 'v', sort: 1, isSealed: 0 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await liveRows('race_dict')).toHaveLength(1);
  });

  it('allows a code again once its dictionary is removed', async () => {
    const gone = await createRoot('reused_code');
    expect((await remove(gone.id)).statusCode).toBe(200);
    await createRoot('reused_code');
  });

  it('updates only the fields sent', async () => {
    const root = await createRoot('partial_upd', { remark: 'keep' });
    const res = await submit({ id: root.id, dictValue: 'renamed' });
    expect(res.json().data).toMatchObject({ code: 'partial_upd', dictValue: 'renamed', remark: 'keep', sort: 1 });
    const blank = await submit({ id: root.id, dictValue: '' });
    expect(blank.json().msg).toBe('请输入字典名称');
    expect((await liveRows('partial_upd'))[0]?.dict_value).toBe('renamed');
  });

  it('renames the items when a dictionary’s code changes, in the same transaction', async () => {
    const root = await createRoot('old_code');
    await createItem(root.id, '1');
    await createItem(root.id, '2');
    const res = await submit({ id: root.id, code: 'new_code' });
    expect(res.statusCode).toBe(200);
    expect(await liveRows('old_code')).toEqual([]);
    expect((await liveRows('new_code')).map((r) => r.dict_key).sort()).toEqual(['-1', '1', '2']);
    const before = await rows();
    const taken = await submit({ id: root.id, code: 'sex' });
    expect(taken.statusCode).toBe(409);
    expect(await rows()).toEqual(before);
  });

  it('keeps dictionaries and items apart, and items inside their dictionary', async () => {
    const root = await createRoot('moves');
    const a = await createItem(root.id, '1');
    const b = await createItem(a.id, '2');
    const other = await createRoot('moves_other');
    const before = await rows();
    const rootDown = await submit({ id: root.id, parentId: other.id }, EN);
    expect(rootDown.json()).toMatchObject({
      code: 400,
      msg: 'A dictionary cannot become an item, nor an item a dictionary',
    });
    expect((await submit({ id: a.id, parentId: '0' })).json().msg).toBe('字典不能改为字典项,字典项也不能改为字典');
    expect((await submit({ id: a.id, parentId: other.id }, EN)).json().msg).toBe(
      'An item can only move within its own dictionary',
    );
    expect((await submit({ id: a.id, parentId: b.id }, EN)).json().msg).toBe(
      'A node cannot be placed under itself or its descendants',
    );
    expect((await submit({ id: a.id, parentId: a.id })).statusCode).toBe(400);
    expect(await rows()).toEqual(before);
    const moved = await submit({ id: b.id, parentId: root.id, code: 'moves_other' });
    expect(moved.json().data).toMatchObject({ parentId: root.id, code: 'moves' });
  });

  it('answers 404 for an update of an unknown id and inserts nothing', async () => {
    const before = await rows();
    const res = await submit({ id: '424242', code: 'ghost', dictValue: 'v', sort: 1, isSealed: 0 });
    expect(res.statusCode).toBe(404);
    expect(await rows()).toEqual(before);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('refuses a dictionary that has items, and removes it with them', async () => {
    const root = await createRoot('rm_root');
    const item = await createItem(root.id, '1');
    const before = await rows();
    const refused = await remove(root.id, EN);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('Remove its child nodes first');
    expect((await remove(root.id)).json().msg).toBe('请先删除子节点!');
    expect(await rows()).toEqual(before);
    expect((await remove(`${root.id},${item.id}`)).statusCode).toBe(200);
    expect(await liveRows('rm_root')).toEqual([]);
  });

  it('removes nothing when one id is unknown, and says which', async () => {
    const root = await createRoot('rm_partial');
    const res = await remove(`${root.id},424242`, EN);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('These records do not exist or are not yours: 424242');
    expect(await liveRows('rm_partial')).toHaveLength(1);
  });

  it('refuses a call without ids or with malformed ones', async () => {
    const before = await rows();
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/remove`, headers: t.auth() })).statusCode).toBe(400);
    expect((await remove('1,x')).statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });
});

describe('who may call the dictionary endpoints', () => {
  const reads = ['list', 'parent-list', 'child-list?parentId=1', 'detail?id=1', 'tree', 'parent-tree'];
  const writes = [
    { url: `${BASE}/submit`, payload: { code: 'perm_dict', dictValue: 'v', sort: 1, isSealed: 0 } },
    { url: `${BASE}/remove?ids=1` },
  ];

  it('answers 401 without a token and 403 without the permission, writing nothing', async () => {
    const before = await rows();
    for (const path of reads) {
      expect((await get(path, {})).statusCode).toBe(401);
      const clerk = await get(path, t.auth(plainUser));
      expect(clerk.statusCode).toBe(403);
      expect(clerk.json()).toMatchObject({ code: 403, msg: '没有权限执行该操作' });
    }
    for (const call of writes) {
      expect((await t.app.inject({ method: 'POST', ...call })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', ...call, headers: t.auth(plainUser) })).statusCode).toBe(403);
    }
    expect(await rows()).toEqual(before);
  });

  it('lets dict_view read, and gives each write its own code', async () => {
    const viewer = await createRole(t.database.db, '000000', 'dict-viewer', ['dict_view']);
    const viewing = await t.authFor({ ...plainUser, roleIds: [viewer], roleAliases: ['dict-viewer'] });
    expect((await get('list', viewing)).statusCode).toBe(200);
    const adderRole = await createRole(t.database.db, '000000', 'dict-adder', ['dict', 'dict_add']);
    const adder = await t.authFor({ ...plainUser, roleIds: [adderRole], roleAliases: ['dict-adder'] });
    const created = await submit({ code: 'by_adder', dictValue: 'v', sort: 1, isSealed: 0 }, adder);
    expect(created.statusCode).toBe(200);
    const before = await rows();
    expect((await submit({ id: created.json().data.id, dictValue: 'changed' }, adder)).statusCode).toBe(403);
    expect((await remove(created.json().data.id, adder)).statusCode).toBe(403);
    expect((await submit({ code: 'by_viewer', dictValue: 'v', sort: 1, isSealed: 0 }, viewing)).statusCode).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it('lets another tenant read the system dictionaries but not change them, even holding every code', async () => {
    const root = await sexRoot();
    expect((await get(`detail?id=${root.id}`, tenantAdmin)).json().data.code).toBe('sex');
    expect((await get('dictionary?code=sex', tenantAdmin)).json().data).toHaveLength(3);
    const before = await rows();
    const calls = [
      submit({ id: root.id, dictValue: 'stolen' }, tenantAdmin),
      submit({ code: 'tenant_made', dictValue: 'v', sort: 1, isSealed: 0 }, tenantAdmin),
      remove(root.id, tenantAdmin),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    expect(await rows()).toEqual(before);
  });
});
