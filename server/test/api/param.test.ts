import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_PARAMS } from '../../src/seed/platform-seed.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';
import { answeredInstant } from '../support/wire-time.ts';

const BASE = '/api/blade-system/param';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function paramRows() {
  const { rows } = await sql<{ param_key: string; param_value: string; is_deleted: number }>`
    select param_key, param_value, is_deleted from blade_param order by param_key`.execute(t.database.db);
  return rows;
}

function submit(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/submit`,
    headers: { ...t.auth(), ...headers },
    payload: body as object,
  });
}

async function createParam(key: string, value = 'v') {
  const res = await submit({ paramName: `name of ${key}`, paramKey: key, paramValue: value });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; paramKey: string };
}

describe(`GET ${BASE}/list`, () => {
  it('answers the seeded parameters as a page', async () => {
    const res = await t.app.inject({ url: `${BASE}/list?size=100`, headers: t.auth() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const keys = body.data.records.map((r: { paramKey: string }) => r.paramKey);
    for (const [, key] of SEED_PARAMS) expect(keys).toContain(key);
    expect(body.data).toMatchObject({ current: 1, size: 100 });
    expect(body.data.total).toBe(body.data.records.length);
  });

  it('pages with current and size, default size 10', async () => {
    for (let i = 0; i < 12; i++) await createParam(`paging.p${String(i).padStart(2, '0')}`);
    const first = (await t.app.inject({ url: `${BASE}/list?paramKey_likeright=paging.`, headers: t.auth() })).json()
      .data;
    expect(first).toMatchObject({ total: 12, size: 10, current: 1, pages: 2 });
    expect(first.records).toHaveLength(10);
    const second = (
      await t.app.inject({ url: `${BASE}/page?paramKey_likeright=paging.&current=2`, headers: t.auth() })
    ).json().data;
    expect(second.records.map((r: { paramKey: string }) => r.paramKey)).toEqual(['paging.p10', 'paging.p11']);
  });

  it('answers records without secrets or tenant internals, ids as strings', async () => {
    const record = (
      await t.app.inject({ url: `${BASE}/list?paramKey_equal=account.failCount`, headers: t.auth() })
    ).json().data.records[0];
    expect(Object.keys(record).sort()).toEqual(
      [
        'id',
        'paramName',
        'paramKey',
        'paramValue',
        'remark',
        'createUser',
        'createDept',
        'createTime',
        'updateUser',
        'updateTime',
        'status',
        'isDeleted',
      ].sort(),
    );
    expect(record.id).toMatch(/^\d+$/);
    expect(record.paramValue).toBe('5');
    expect(Math.abs(answeredInstant(record.createTime).getTime() - Date.now())).toBeLessThan(3_600_000);
  });

  it('refuses a page size above 1000 and an unknown sort column', async () => {
    const big = await t.app.inject({ url: `${BASE}/list?size=1001`, headers: t.auth() });
    expect(big.statusCode).toBe(400);
    const sort = await t.app.inject({
      url: `${BASE}/list?descs=param_value;drop table blade_param`,
      headers: { ...t.auth(), 'accept-language': 'en' },
    });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().msg).toBe('Sorting by param_value;drop table blade_param is not supported');
    expect((await paramRows()).length).toBeGreaterThan(0);
  });
});

describe(`GET ${BASE}/detail`, () => {
  it('answers one record', async () => {
    const created = await createParam('detail.one', 'x');
    const res = await t.app.inject({ url: `${BASE}/detail?id=${created.id}`, headers: t.auth() });
    expect(res.json()).toMatchObject({ code: 200, data: { id: created.id, paramKey: 'detail.one', paramValue: 'x' } });
  });

  it('answers 404 for an unknown or deleted id, 400 for a malformed one', async () => {
    const unknown = await t.app.inject({ url: `${BASE}/detail?id=123`, headers: t.auth() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, success: false, msg: '记录不存在' });
    const created = await createParam('detail.deleted');
    await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${created.id}`, headers: t.auth() });
    expect((await t.app.inject({ url: `${BASE}/detail?id=${created.id}`, headers: t.auth() })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: `${BASE}/detail?id=abc`, headers: t.auth() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('id');
  });
});

describe(`POST ${BASE}/submit`, () => {
  it('inserts a parameter without id and answers it', async () => {
    const res = await submit({ paramName: 'Site name', paramKey: 'site.name', paramValue: 'Warehouse', remark: 'r' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ paramKey: 'site.name', paramValue: 'Warehouse', status: 1, isDeleted: 0 });
    expect(res.json().data.createUser).toBe('1123598821738675201');
    expect((await paramRows()).find((r) => r.param_key === 'site.name')?.param_value).toBe('Warehouse');
  });

  const missing = [
    ['paramName', '请输入参数名称', 'Please enter parameter name'],
    ['paramKey', '请输入参数键名', 'Please enter parameter key'],
    ['paramValue', '请输入参数键值', 'Please enter parameter value'],
  ] as const;
  for (const [field, zh, en] of missing) {
    it(`refuses a missing or blank ${field} with "${en}" and writes nothing`, async () => {
      const before = await paramRows();
      const full = { paramName: 'n', paramKey: `k.${field}`, paramValue: 'v' };
      const absent = await submit({ ...full, [field]: undefined });
      expect(absent.statusCode).toBe(400);
      expect(absent.json()).toMatchObject({ code: 400, success: false, msg: zh });
      const blank = await submit({ ...full, [field]: '   ' }, { 'accept-language': 'en-US,en;q=0.9' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().msg).toBe(en);
      expect(await paramRows()).toEqual(before);
    });
  }

  it('names every missing field at once', async () => {
    const res = await submit({}, { 'accept-language': 'en' });
    expect(res.json().msg).toBe(
      'Please enter parameter name; Please enter parameter key; Please enter parameter value',
    );
    expect(res.json().data.map((p: { field: string }) => p.field)).toEqual(['paramName', 'paramKey', 'paramValue']);
  });

  it('refuses wrong types and an over-long value, writing nothing', async () => {
    const before = await paramRows();
    const wrongType = await submit({ paramName: 5, paramKey: 'k.type', paramValue: 'v' }, { 'accept-language': 'en' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toBe('Please enter parameter name');
    const tooLong = await submit(
      { paramName: 'n', paramKey: 'k'.repeat(256), paramValue: 'v' },
      { 'accept-language': 'en' },
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toBe('paramKey: must be at most 255 characters');
    const notObject = await submit([1, 2], { 'accept-language': 'en' });
    expect(notObject.statusCode).toBe(400);
    expect(await paramRows()).toEqual(before);
  });

  it('refuses a duplicate paramKey with 409, on insert and on update', async () => {
    await createParam('dup.key');
    const other = await createParam('dup.other');
    const before = await paramRows();
    const insert = await submit({ paramName: 'n', paramKey: 'dup.key', paramValue: 'changed' });
    expect(insert.statusCode).toBe(409);
    expect(insert.json().msg).toBe('参数键名 dup.key 已存在');
    const update = await submit({ id: other.id, paramKey: 'dup.key' }, { 'accept-language': 'en' });
    expect(update.statusCode).toBe(409);
    expect(update.json().msg).toBe('The parameter key dup.key already exists');
    expect(await paramRows()).toEqual(before);
  });

  it('refuses a duplicate even when two inserts race', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => submit({ paramName: 'n', paramKey: 'race.key', paramValue: 'v' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await paramRows()).filter((r) => r.param_key === 'race.key' && r.is_deleted === 0)).toHaveLength(1);
  });

  it('updates with an id, keeping the fields not sent', async () => {
    const created = await createParam('upd.key', 'old');
    const res = await submit({ id: created.id, paramValue: 'new' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: created.id,
      paramKey: 'upd.key',
      paramName: 'name of upd.key',
      paramValue: 'new',
    });
    const blank = await submit({ id: created.id, paramValue: '' });
    expect(blank.statusCode).toBe(400);
    expect((await paramRows()).find((r) => r.param_key === 'upd.key')?.param_value).toBe('new');
  });

  it('answers 404 for an update of an unknown id and inserts nothing', async () => {
    const before = await paramRows();
    const res = await submit({ id: '999999999', paramName: 'n', paramKey: 'ghost', paramValue: 'v' });
    expect(res.statusCode).toBe(404);
    expect(await paramRows()).toEqual(before);
  });

  it('allows a key again once its parameter is removed', async () => {
    const created = await createParam('reuse.key');
    await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${created.id}`, headers: t.auth() });
    await createParam('reuse.key');
  });
});

describe(`POST ${BASE}/remove`, () => {
  let ids: string[];
  beforeEach(async () => {
    const stamp = Date.now();
    ids = [(await createParam(`rm.${stamp}.a`)).id, (await createParam(`rm.${stamp}.b`)).id];
  });

  it('soft-deletes every id', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${ids.join(',')}`, headers: t.auth() });
    expect(res.json()).toMatchObject({ code: 200, success: true });
    const { rows } = await sql<{
      is_deleted: number;
    }>`select is_deleted from blade_param where id in (${sql.join(ids)})`.execute(t.database.db);
    expect(rows.map((r) => r.is_deleted)).toEqual([1, 1]);
    const list = (await t.app.inject({ url: `${BASE}/list?size=1000`, headers: t.auth() })).json().data.records;
    expect(list.some((r: { id: string }) => ids.includes(r.id))).toBe(false);
  });

  it('removes nothing when one id is unknown, and says which', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/remove?ids=${ids[0]},424242`,
      headers: { ...t.auth(), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('These records do not exist or are not yours: 424242');
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from blade_param where id in (${sql.join(ids)}) and is_deleted = 0`.execute(t.database.db);
    expect(rows[0]?.n).toBe('2');
  });

  it('refuses a call without ids or with malformed ones', async () => {
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/remove`, headers: t.auth() })).statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=1,x`, headers: t.auth() });
    expect(bad.statusCode).toBe(400);
  });
});

describe('who may call the parameter endpoints', () => {
  const calls = [
    { method: 'GET', url: `${BASE}/list` },
    { method: 'GET', url: `${BASE}/page` },
    { method: 'GET', url: `${BASE}/detail?id=1` },
    { method: 'POST', url: `${BASE}/submit`, payload: { paramName: 'n', paramKey: 'perm.k', paramValue: 'v' } },
    { method: 'POST', url: `${BASE}/remove?ids=1` },
  ] as const;

  for (const call of calls) {
    it(`${call.method} ${call.url}: 401 without a token, 403 without the permission`, async () => {
      const before = await paramRows();
      const anonymous = await t.app.inject({ ...call });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 401, success: false, data: null });
      const clerk = await t.app.inject({ ...call, headers: t.auth(plainUser) });
      expect(clerk.statusCode).toBe(403);
      expect(clerk.json()).toMatchObject({ code: 403, msg: '没有权限执行该操作' });
      expect(await paramRows()).toEqual(before);
    });
  }
});

describe('parameters are platform-wide', () => {
  it('refuse callers of other tenants even when their roles hold the param codes', async () => {
    await createTenant(t.database.db, '100200');
    const roleId = await createRole(t.database.db, '100200', 'param-keeper', ['param', 'param_add']);
    const headers = await t.authFor({
      ...plainUser,
      tenantId: '100200',
      roleIds: [roleId],
      roleAliases: ['param-keeper'],
    });
    // The same grants in the platform tenant do reach the parameters.
    const platformRole = await createRole(t.database.db, '000000', 'param-keeper', ['param', 'param_add']);
    const platformKeeper = await t.authFor({ ...plainUser, roleIds: [platformRole], roleAliases: ['param-keeper'] });
    expect((await t.app.inject({ url: `${BASE}/list`, headers: platformKeeper })).statusCode).toBe(200);
    for (const call of [
      { method: 'GET' as const, url: `${BASE}/list` },
      {
        method: 'POST' as const,
        url: `${BASE}/submit`,
        payload: { paramName: 'n', paramKey: 'x.tenant', paramValue: 'v' },
      },
    ]) {
      const res = await t.app.inject({ ...call, headers });
      expect(res.statusCode).toBe(403);
    }
    expect((await paramRows()).some((r) => r.param_key === 'x.tenant')).toBe(false);
  });
});

describe('the api log of parameter changes', () => {
  it('masks the value of an update by id, which does not say which parameter it is', async () => {
    const created = await createParam('mail.smtp.password', 'first');
    await sql`delete from blade_log_api`.execute(t.database.db);
    await submit({ id: created.id, paramValue: 'TopSecret-123' });
    await t.app.platform.audit.flush();
    const { rows } = await sql<{ params: string }>`select params from blade_log_api`.execute(t.database.db);
    expect(rows[0]?.params).not.toContain('TopSecret-123');
  });
});

describe('submit checks the code of the action at hand', () => {
  it('lets a holder of param_add alone insert, but not update', async () => {
    const adder = await createRole(t.database.db, '000000', 'param-adder', ['param', 'param_add']);
    const headers = await t.authFor({ ...plainUser, roleIds: [adder], roleAliases: ['param-adder'] });
    const created = await submit({ paramName: 'n', paramKey: 'adder.key', paramValue: 'v' }, headers);
    expect(created.statusCode).toBe(200);
    const update = await submit({ id: created.json().data.id, paramValue: 'changed' }, headers);
    expect(update.statusCode).toBe(403);
    expect((await paramRows()).find((r) => r.param_key === 'adder.key')?.param_value).toBe('v');
  });
});
