import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/data-scope';
// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal placeholders a custom rule may hold
const [USER_ID, DEPT_ID, PASSWORD] = ['${userId}', '${deptId}', '${password}'];
const EXAMPLE = `{"status_equal": "1", "createUser_equal": "${USER_ID}"}`;
const EN = { 'accept-language': 'en-US' };
let t: TestApp;
let menuId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await sql<{ id: string }>`select id from blade_menu where code = 'data_scope'`.execute(
    t.database.db,
  );
  menuId = rows[0]!.id;
});
afterAll(() => t.close());

async function scopeRows() {
  const { rows } = await sql<{ id: string; is_deleted: number }>`select id, menu_id, resource_code, scope_name,
    scope_column, scope_type, scope_value, is_deleted from blade_scope_data order by id`.execute(t.database.db);
  return rows;
}
async function grantRows() {
  const { rows } = await sql<{
    scope_category: number;
    scope_id: string;
    role_id: string;
  }>`select scope_category, scope_id, role_id from blade_role_scope order by id`.execute(t.database.db);
  return rows;
}
const snapshot = async () => ({ scopes: await scopeRows(), grants: await grantRows() });

function submit(body: object, headers: Record<string, string> = t.auth()) {
  return t.app.inject({ method: 'POST', url: `${BASE}/submit`, headers, payload: body });
}
function remove(ids: string, headers: Record<string, string> = t.auth()) {
  return t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${ids}`, headers });
}
function get(path: string, headers: Record<string, string> = t.auth()) {
  return t.app.inject({ url: `${BASE}/${path}`, headers });
}
const valid = (extra: object = {}) => ({
  menuId,
  resourceCode: 'note',
  scopeName: 'own notes',
  scopeColumn: 'create_user',
  scopeType: 2,
  ...extra,
});
async function createScope(extra: object = {}) {
  const res = await submit(valid(extra));
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string };
}
async function grant(scopeId: string, roleId: string, category = 1) {
  await sql`insert into blade_role_scope (id, scope_category, scope_id, role_id)
    values (${nextId()}, ${category}, ${scopeId}, ${roleId})`.execute(t.database.db);
}

describe(`GET ${BASE}/list`, () => {
  it('filters by equality on the fields given and names the scope type', async () => {
    const own = await createScope({ resourceCode: 'list_note', scopeType: 2 });
    await createScope({ resourceCode: 'list_note', scopeType: 3, scopeColumn: 'create_dept' });
    await createScope({ resourceCode: 'list_note_other', scopeType: 2 });
    const page = (await get('list?resourceCode=list_note&scopeType=2')).json().data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ id: own.id, menuId, scopeType: 2, scopeTypeName: '本人可见' });
    expect((await get('list?resourceCode=list_note')).json().data.total).toBe(2);
  });

  it('refuses a filter value of the wrong kind', async () => {
    const res = await get('list?scopeType=two');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('scopeType: 格式不正确');
  });
});

describe(`GET ${BASE}/detail`, () => {
  it('answers one rule, 404 for an unknown or removed one, 400 for a malformed id', async () => {
    const scope = await createScope({ scopeName: 'detail one' });
    expect((await get(`detail?id=${scope.id}`)).json().data).toMatchObject({
      scopeName: 'detail one',
      scopeTypeName: '本人可见',
    });
    expect((await get('detail?id=424242')).statusCode).toBe(404);
    await remove(scope.id);
    expect((await get(`detail?id=${scope.id}`)).statusCode).toBe(404);
    expect((await get('detail?id=1x')).statusCode).toBe(400);
  });
});

describe(`POST ${BASE}/submit`, () => {
  it('inserts a rule and answers it', async () => {
    const res = await submit(valid({ scopeField: 'id, title', scopeClass: 'NoteMapper.selectPage', remark: 'r' }));
    expect(res.json().data).toMatchObject({
      menuId,
      resourceCode: 'note',
      scopeField: 'id, title',
      scopeColumn: 'create_user',
      scopeType: 2,
      status: 1,
      isDeleted: 0,
    });
  });

  const required = [
    ['menuId', '请选择所属菜单', 'Please select a menu'],
    ['resourceCode', '请输入资源编号', 'Please enter resource code'],
    ['scopeName', '请输入数据权限名称', 'Please enter data scope name'],
    ['scopeType', '请选择数据权限类型(1 至 5)', 'Please select a data scope type (1 to 5)'],
  ] as const;
  for (const [field, zh, en] of required) {
    it(`refuses a rule without ${field} with "${en}" and writes nothing`, async () => {
      const before = await snapshot();
      const absent = await submit(valid({ [field]: undefined }));
      expect(absent.statusCode).toBe(400);
      expect(absent.json()).toMatchObject({ code: 400, msg: zh, data: [{ field, message: zh }] });
      const blank = await submit(valid({ [field]: '' }), { ...t.auth(), ...EN });
      expect(blank.json().msg).toBe(en);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('refuses a scope type outside 1 to 5, a menu that does not exist, and columns that are not plain names', async () => {
    const before = await snapshot();
    expect((await submit(valid({ scopeType: 6 }))).json().msg).toBe('请选择数据权限类型(1 至 5)');
    expect((await submit(valid({ scopeType: 0 }))).statusCode).toBe(400);
    const menu = await submit(valid({ menuId: '424242' }), { ...t.auth(), ...EN });
    expect(menu.json()).toMatchObject({ code: 400, msg: 'The selected menu does not exist' });
    const column = await submit(valid({ scopeColumn: 'create_user) or (1=1' }), { ...t.auth(), ...EN });
    expect(column.json().msg).toBe(
      'The scope column must be a column name (lower-case letters, digits and underscores)',
    );
    expect((await submit(valid({ scopeColumn: 'Create User' }))).statusCode).toBe(400);
    expect((await submit(valid({ scopeField: 'id; drop table blade_user' }))).json().msg).toBe(
      '可见字段须为 * 或以逗号分隔的字段名',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('accepts a custom rule written as filter conditions with placeholders', async () => {
    const value = `{"status_equal": "1", "createUser_equal": "${USER_ID}", "createDept": "${DEPT_ID}"}`;
    const res = await submit(valid({ scopeType: 5, scopeColumn: '', scopeValue: value }));
    expect(res.json().data).toMatchObject({ scopeType: 5, scopeValue: value });
    const stored = (await get(`detail?id=${res.json().data.id}`)).json().data;
    expect(stored).toMatchObject({ scopeValue: value, scopeTypeName: '自定义' });
  });

  const notConditions = [
    ['SQL text', `create_user = ${USER_ID}`],
    ['SQL in a key', '{"1=1 or status_equal": "1"}'],
    ['a list', '[{"status_equal": "1"}]'],
    ['a number value', '{"status_equal": 1}'],
    ['a nested object', '{"status_equal": {"a": "1"}}'],
    ['an unknown placeholder', `{"createUser_equal": "${PASSWORD}"}`],
    ['an unknown operator', '{"status_ignore": "1"}'],
    ['no condition', '{}'],
  ] as const;
  for (const [what, value] of notConditions) {
    it(`refuses a custom rule that is ${what}`, async () => {
      const before = await snapshot();
      const res = await submit(valid({ scopeType: 5, scopeValue: value }), { ...t.auth(), ...EN });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`A custom rule must be filter conditions written as JSON, such as ${EXAMPLE}`);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('refuses a custom rule without conditions, also when an update only changes the type', async () => {
    const before = await snapshot();
    const res = await submit(valid({ scopeType: 5 }));
    expect(res.json().msg).toBe(`自定义规则须为 JSON 形式的过滤条件,如 ${EXAMPLE}`);
    expect(await snapshot()).toEqual(before);
    const own = await createScope();
    const stored = await snapshot();
    expect((await submit({ id: own.id, scopeType: 5 })).statusCode).toBe(400);
    expect((await submit({ id: own.id, scopeValue: 'status = 1' })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(stored);
  });

  it('updates only the fields sent, and answers 404 for an unknown id', async () => {
    const scope = await createScope({ remark: 'keep' });
    const res = await submit({ id: scope.id, scopeName: 'renamed' });
    expect(res.json().data).toMatchObject({ scopeName: 'renamed', remark: 'keep', scopeType: 2 });
    const before = await snapshot();
    expect((await submit({ id: '424242', ...valid() })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('changes what the granted roles see at once (the permission caches are emptied)', async () => {
    const scope = await createScope({ resourceCode: 'cached_note' });
    const roleId = await createRole(t.database.db, '000000', 'cached-role');
    await grant(scope.id, roleId);
    const caller: Caller = { ...plainUser, roleIds: [roleId], roleAliases: ['cached-role'] };
    const scopeOf = () => t.app.platform.permissions.dataScope(caller, 'cached_note');
    expect(await scopeOf()).toEqual([{ kind: 'in', column: 'create_user', values: [caller.userId] }]);
    await submit({ id: scope.id, scopeType: 5, scopeValue: '{"status_equal": "1"}' });
    expect(await scopeOf()).toEqual([{ kind: 'conditions', conditions: { status_equal: '1' } }]);
    await remove(scope.id);
    expect(await scopeOf()).toBe('all');
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('removes the rules and their data-scope grants in one go, leaving other grants', async () => {
    const [a, b] = [await createScope(), await createScope()];
    const roleId = await createRole(t.database.db, '000000', 'granted');
    await grant(a.id, roleId);
    await grant(b.id, roleId);
    await grant(a.id, roleId, 2); // an API-scope grant that happens to carry the same id
    expect((await remove(`${a.id},${b.id}`)).json()).toMatchObject({ code: 200, success: true });
    const grants = await grantRows();
    expect(grants.filter((g) => g.role_id === roleId)).toEqual([
      { scope_category: 2, scope_id: a.id, role_id: roleId },
    ]);
    const removed = (await scopeRows()).filter((r) => r.id === a.id || r.id === b.id);
    expect(removed.map((r) => r.is_deleted)).toEqual([1, 1]);
  });

  it('removes nothing, grants included, when one id is unknown', async () => {
    const scope = await createScope();
    await grant(scope.id, await createRole(t.database.db, '000000', 'kept'));
    const before = await snapshot();
    const res = await remove(`${scope.id},424242`, { ...t.auth(), ...EN });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('These records do not exist or are not yours: 424242');
    expect((await remove('abc')).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may call the data-scope endpoints', () => {
  it('answers 401 without a token and 403 without the codes, writing nothing', async () => {
    const scope = await createScope();
    const before = await snapshot();
    for (const path of ['list', `detail?id=${scope.id}`]) {
      expect((await get(path, {})).statusCode).toBe(401);
      expect((await get(path, t.auth(plainUser))).statusCode).toBe(403);
    }
    for (const headers of [{}, t.auth(plainUser)]) {
      const codes = [
        (await submit(valid(), headers)).statusCode,
        (await submit({ id: scope.id, scopeName: 'x' }, headers)).statusCode,
        (await remove(scope.id, headers)).statusCode,
      ];
      expect(codes).toEqual(Object.keys(headers).length ? [403, 403, 403] : [401, 401, 401]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets data_scope read and needs data_scope_setting to write', async () => {
    const roleId = await createRole(t.database.db, '000000', 'scope-reader', ['data_scope']);
    const reader = await t.authFor({ ...plainUser, roleIds: [roleId], roleAliases: ['scope-reader'] });
    expect((await get('list', reader)).statusCode).toBe(200);
    const before = await snapshot();
    expect((await submit(valid(), reader)).statusCode).toBe(403);
    const setterRole = await createRole(t.database.db, '000000', 'scope-setter', ['data_scope', 'data_scope_setting']);
    const setter = await t.authFor({ ...plainUser, roleIds: [setterRole], roleAliases: ['scope-setter'] });
    expect(await snapshot()).toEqual(before);
    expect((await submit(valid(), setter)).statusCode).toBe(200);
  });

  it('keeps the rules, shared by every tenant, out of other tenants’ hands even with every code', async () => {
    await createTenant(t.database.db, '100500');
    const roleId = await createRole(t.database.db, '100500', 'tenant-admin', ['data_scope', 'data_scope_setting']);
    const other = await t.authFor({
      ...plainUser,
      tenantId: '100500',
      roleIds: [roleId],
      roleAliases: ['tenant-admin'],
    });
    const scope = await createScope();
    const before = await snapshot();
    const codes = [
      (await submit(valid(), other)).statusCode,
      (await submit({ id: scope.id, scopeType: 1 }, other)).statusCode,
      (await remove(scope.id, other)).statusCode,
    ];
    expect(codes).toEqual([403, 403, 403]);
    expect(await snapshot()).toEqual(before);
  });
});
