import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '../../src/platform/auth/sealed-secrets.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, TEST_SEALING_KEY, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-develop/datasource';
const EN = { 'accept-language': 'en' };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async () =>
  (
    await sql<
      Record<string, string>
    >`select id, name, url, password, is_deleted from blade_datasource order by name`.execute(t.database.db)
  ).rows;
const submit = (payload: object, headers = t.auth()) =>
  t.app.inject({ method: 'POST', url: `${BASE}/submit`, headers, payload });
const source = (name: string, extra: object = {}) => ({
  name,
  driverClass: 'org.postgresql.Driver',
  url: `jdbc:postgresql://db.example.com/${name}`,
  username: 'reader',
  password: 'pa55-word',
  ...extra,
});

describe(`POST ${BASE}/submit`, () => {
  it('stores the password sealed and never answers it', async () => {
    const res = await submit(source('warehouse'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'warehouse', username: 'reader' });
    expect(res.body).not.toContain('pa55-word');
    expect(res.json().data.password).toBeUndefined();
    const stored = (await rows()).find((r) => r.name === 'warehouse')!;
    expect(stored.password).toMatch(/^sealed:v1:/);
    expect(createSealer(TEST_SEALING_KEY).open(stored.password!)).toBe('pa55-word');
    const list = await t.app.inject({ url: `${BASE}/list`, headers: t.auth() });
    expect(list.body).not.toMatch(/pa55-word|sealed:v1/);
    const detail = await t.app.inject({ url: `${BASE}/detail?id=${stored.id}`, headers: t.auth() });
    expect(detail.body).not.toMatch(/pa55-word|sealed:v1/);
  });

  it('keeps the password when an update sends none, and seals a new one', async () => {
    const created = (await submit(source('keep'))).json().data;
    const before = (await rows()).find((r) => r.name === 'keep')!.password;
    await submit({ id: created.id, url: 'jdbc:postgresql://other/keep' });
    expect((await rows()).find((r) => r.name === 'keep')).toMatchObject({
      password: before,
      url: 'jdbc:postgresql://other/keep',
    });
    await submit({ id: created.id, password: 'new-secret' });
    const after = (await rows()).find((r) => r.name === 'keep')!.password!;
    expect(createSealer(TEST_SEALING_KEY).open(after)).toBe('new-secret');
  });

  it('refuses missing fields, a missing password on creation and a taken name, writing nothing', async () => {
    const before = await rows();
    const noName = await submit(source('', {}), { ...t.auth(), ...EN });
    expect(noName.json()).toMatchObject({ code: 400, msg: 'Please enter the datasource name' });
    const noPassword = await submit(source('nopass', { password: undefined }));
    expect(noPassword.json()).toMatchObject({ code: 400, msg: '请输入密码' });
    await submit(source('dup'));
    const dup = await submit(source('dup'));
    expect(dup.statusCode).toBe(409);
    expect((await rows()).filter((r) => r.name === 'dup')).toHaveLength(1);
    expect((await rows()).length).toBe(before.length + 1);
  });
});

describe(`GET ${BASE}/select and POST ${BASE}/remove`, () => {
  it('lists ids and names, and removes softly', async () => {
    const created = (await submit(source('to-remove'))).json().data;
    const select = await t.app.inject({ url: `${BASE}/select`, headers: t.auth() });
    expect(select.json().data).toContainEqual({ id: created.id, name: 'to-remove' });
    expect(select.body).not.toContain('sealed:v1');
    expect(
      (await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${created.id}`, headers: t.auth() })).statusCode,
    ).toBe(200);
    expect((await rows()).find((r) => r.name === 'to-remove')?.is_deleted).toBe(1);
  });
});

describe('who may reach datasources', () => {
  it('refuses callers without the codes and every other tenant, changing nothing', async () => {
    const before = await rows();
    expect((await t.app.inject({ url: `${BASE}/list`, headers: t.auth(plainUser) })).statusCode).toBe(403);
    await createTenant(t.database.db, '600001');
    const role = await createRole(t.database.db, '600001', 'ds', ['datasource', 'datasource_add', 'datasource_view']);
    const other = await t.authFor({ ...plainUser, tenantId: '600001', roleIds: [role], roleAliases: ['ds'] });
    expect((await t.app.inject({ url: `${BASE}/list`, headers: other })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${BASE}/select`, headers: other })).statusCode).toBe(403);
    expect((await submit(source('foreign'), other)).statusCode).toBe(403);
    expect(await rows()).toEqual(before);
  });
});
