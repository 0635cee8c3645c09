import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/api-scope';
const EN = { 'accept-language': 'en-US' };
let t: TestApp;
let menuId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await sql<{ id: string }>`select id from blade_menu where code = 'api_scope'`.execute(t.database.db);
  menuId = rows[0]!.id;
});
afterAll(() => t.close());

async function snapshot() {
  const scopes = await sql<{
    id: string;
    is_deleted: number;
  }>`select id, menu_id, resource_code, scope_name, scope_path, scope_type, is_deleted
    from blade_scope_api order by id`.execute(t.database.db);
  const grants = await sql<{
    scope_category: number;
    scope_id: string;
    role_id: string;
  }>`select scope_category, scope_id, role_id from blade_role_scope order by id`.execute(t.database.db);
  return { scopes: scopes.rows, grants: grants.rows };
}

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
  resourceCode: 'dict_api',
  scopeName: 'dictionaries',
  scopePath: '/api/blade-system/dict',
  scopeType: 1,
  ...extra,
});
async function createScope(extra: object = {}) {
  const res = await submit(valid(extra));
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string };
}
async function grant(scopeId: string, roleId: string, category = 2) {
  await sql`insert into blade_role_scope (id, scope_category, scope_id, role_id)
    values (${nextId()}, ${category}, ${scopeId}, ${roleId})`.execute(t.database.db);
}

describe(`GET ${BASE}/list and /detail`, () => {
  it('filter by equality, name the API type, and answer 404 for an unknown id', async () => {
    const business = await createScope({ resourceCode: 'listed', scopeType: 2 });
    await createScope({ resourceCode: 'listed', scopeType: 1 });
    const page = (await get('list?resourceCode=listed&scopeType=2')).json().data;
    expect(page.records).toEqual([expect.objectContaining({ id: business.id, scopeTypeName: '业务接口' })]);
    expect((await get(`detail?id=${business.id}`)).json().data).toMatchObject({ scopePath: '/api/blade-system/dict' });
    expect((await get('detail?id=424242')).statusCode).toBe(404);
    expect((await get('list?menuId=abc')).statusCode).toBe(400);
  });
});

describe(`POST ${BASE}/submit`, () => {
  it('inserts a rule and updates only the fields sent', async () => {
    const created = await submit(valid({ remark: 'keep' }));
    expect(created.json().data).toMatchObject({ scopePath: '/api/blade-system/dict', scopeType: 1, status: 1 });
    const updated = await submit({ id: created.json().data.id, scopePath: '/api/blade-user/' });
    expect(updated.json().data).toMatchObject({
      scopePath: '/api/blade-user/',
      remark: 'keep',
      scopeName: 'dictionaries',
    });
  });

  const required = [
    ['menuId', '请选择所属菜单', 'Please select a menu'],
    ['resourceCode', '请输入资源编号', 'Please enter resource code'],
    ['scopeName', '请输入接口权限名称', 'Please enter API scope name'],
    ['scopePath', '请输入接口地址', 'Please enter the API path'],
    ['scopeType', '请选择接口类型(1 系统接口,2 业务接口)', 'Please select an API type (1 system, 2 business)'],
  ] as const;
  for (const [field, zh, en] of required) {
    it(`refuses a rule without ${field} with "${en}" and writes nothing`, async () => {
      const before = await snapshot();
      const absent = await submit(valid({ [field]: undefined }));
      expect(absent.statusCode).toBe(400);
      expect(absent.json()).toMatchObject({ code: 400, msg: zh, data: [{ field, message: zh }] });
      expect((await submit(valid({ [field]: ' ' }), { ...t.auth(), ...EN })).json().msg).toBe(en);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('refuses a path outside /api/, a type other than 1 or 2, and a menu that does not exist', async () => {
    const before = await snapshot();
    for (const scopePath of ['blade-system/dict', '/apix/dict', '/api/dict?all=1', '/api/ dict']) {
      const res = await submit(valid({ scopePath }), { ...t.auth(), ...EN });
      expect(res.json()).toMatchObject({
        code: 400,
        msg: 'The API path must start with /api/ and contain no spaces, ? or #',
      });
    }
    expect((await submit(valid({ scopePath: '/dict' }))).json().msg).toBe('接口地址须以 /api/ 开头,且不含空白、? 或 #');
    expect((await submit(valid({ scopeType: 3 }))).statusCode).toBe(400);
    expect((await submit(valid({ menuId: '424242' }))).json().msg).toBe('所选菜单不存在');
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an update of an unknown id and inserts nothing', async () => {
    const before = await snapshot();
    expect((await submit({ id: '424242', ...valid() })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a change limits the granted roles at once', () => {
  it('moves, then lifts, the limit of a role as its scope is edited and removed', async () => {
    const scope = await createScope({ scopePath: '/api/blade-system/api-scope' });
    const roleId = await createRole(t.database.db, '000000', 'limited', ['param', 'api_scope']);
    await grant(scope.id, roleId);
    const limited = await t.authFor({ ...plainUser, roleIds: [roleId], roleAliases: ['limited'] });
    const calls = async () => [
      (await t.app.inject({ url: '/api/blade-system/param/list', headers: limited })).statusCode,
      (await get('list', limited)).statusCode,
    ];
    expect(await calls()).toEqual([403, 200]);
    await submit({ id: scope.id, scopePath: '/api/blade-system/param' });
    expect(await calls()).toEqual([200, 403]);
    await remove(scope.id);
    expect(await calls()).toEqual([200, 200]);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('removes the rules with their API-scope grants, leaving other grants', async () => {
    const scope = await createScope();
    const roleId = await createRole(t.database.db, '000000', 'granted');
    await grant(scope.id, roleId);
    await grant(scope.id, roleId, 1); // a data-scope grant that happens to carry the same id
    expect((await remove(scope.id)).statusCode).toBe(200);
    const { grants, scopes } = await snapshot();
    expect(grants.filter((g) => g.role_id === roleId)).toEqual([
      { scope_category: 1, scope_id: scope.id, role_id: roleId },
    ]);
    expect(scopes.find((s) => s.id === scope.id)?.is_deleted).toBe(1);
  });

  it('removes nothing when one id is unknown, and refuses malformed ids', async () => {
    const scope = await createScope();
    await grant(scope.id, await createRole(t.database.db, '000000', 'kept'));
    const before = await snapshot();
    const res = await remove(`${scope.id},424242`, { ...t.auth(), ...EN });
    expect(res.json()).toMatchObject({ code: 404, msg: 'These records do not exist or are not yours: 424242' });
    expect((await remove('')).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may call the API-scope endpoints', () => {
  it('answers 401 without a token and 403 without the codes, writing nothing', async () => {
    const scope = await createScope();
    const before = await snapshot();
    for (const [headers, status] of [
      [{}, 401],
      [t.auth(plainUser), 403],
    ] as const) {
      expect((await get('list', headers)).statusCode).toBe(status);
      expect((await get(`detail?id=${scope.id}`, headers)).statusCode).toBe(status);
      expect((await submit(valid(), headers)).statusCode).toBe(status);
      expect((await submit({ id: scope.id, scopeName: 'x' }, headers)).statusCode).toBe(status);
      expect((await remove(scope.id, headers)).statusCode).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('needs api_scope_setting to write, and the platform tenant, whatever another tenant holds', async () => {
    const readerRole = await createRole(t.database.db, '000000', 'api-reader', ['api_scope']);
    const reader = await t.authFor({ ...plainUser, roleIds: [readerRole], roleAliases: ['api-reader'] });
    await createTenant(t.database.db, '100600');
    const otherRole = await createRole(t.database.db, '100600', 'tenant-admin', ['api_scope', 'api_scope_setting']);
    const other = await t.authFor({
      ...plainUser,
      tenantId: '100600',
      roleIds: [otherRole],
      roleAliases: ['tenant-admin'],
    });
    const scope = await createScope();
    const before = await snapshot();
    expect((await get('list', reader)).statusCode).toBe(200);
    for (const headers of [reader, other]) {
      expect((await submit(valid(), headers)).statusCode).toBe(403);
      expect((await submit({ id: scope.id, scopePath: '/api/' }, headers)).statusCode).toBe(403);
      expect((await remove(scope.id, headers)).statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
