import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '../../src/platform/auth/sealed-secrets.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, TEST_SEALING_KEY, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-develop/datasource';
const EN = { 'accept-language': 'en' };
let t: TestApp;

// A datasource must connect: these name the test PostgreSQL (its maintenance database), and are
// skipped without one (vitest.config.ts makes a CI run without TEST_DATABASE_URL fail, not skip).
const serverUrl = process.env.TEST_DATABASE_URL;
const server = serverUrl ? new URL(serverUrl) : undefined;
const reachable = (database = 'postgres') => `jdbc:postgresql://${server?.host}/${database}`;
const user = server ? decodeURIComponent(server.username) : 'postgres';
const password = server ? decodeURIComponent(server.password) || 'pa55-word' : 'pa55-word';

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
  url: reachable(),
  username: user,
  password,
  ...extra,
});

describe.skipIf(!server)(`POST ${BASE}/submit`, () => {
  it('stores the password sealed and never answers it', async () => {
    const res = await submit(source('warehouse'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'warehouse', username: user });
    expect(res.body).not.toContain(password);
    expect(res.json().data.password).toBeUndefined();
    const stored = (await rows()).find((r) => r.name === 'warehouse')!;
    expect(stored.password).toMatch(/^sealed:v1:/);
    expect(createSealer(TEST_SEALING_KEY).open(stored.password!)).toBe(password);
    const list = await t.app.inject({ url: `${BASE}/list`, headers: t.auth() });
    expect(list.body).not.toMatch(/sealed:v1/);
    expect(list.body).not.toContain(`"${password}"`);
    const detail = await t.app.inject({ url: `${BASE}/detail?id=${stored.id}`, headers: t.auth() });
    expect(detail.body).not.toMatch(/sealed:v1/);
    expect(detail.body).not.toContain(`"${password}"`);
  });

  it('keeps the password when an update sends none (checking the stored one), and seals a new one', async () => {
    const created = (await submit(source('keep'))).json().data;
    const before = (await rows()).find((r) => r.name === 'keep')!.password;
    const moved = await submit({ id: created.id, url: reachable('template1') });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await rows()).find((r) => r.name === 'keep')).toMatchObject({
      password: before,
      url: reachable('template1'),
    });
    await submit({ id: created.id, password: 'new-secret' });
    const after = (await rows()).find((r) => r.name === 'keep')!.password!;
    expect(createSealer(TEST_SEALING_KEY).open(after)).toBe('new-secret');
  });

  it('says why a connection fails (no server, refused user, no database), in the caller’s language, writing nothing', async () => {
    const before = await rows();
    const refused = async (
      extra: object,
      message: unknown,
      headers: Record<string, string> = { ...t.auth(), ...EN },
    ) => {
      const res = await submit(source('broken', extra), headers);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toEqual(message);
      expect(res.body).not.toContain(password === 'pa55-word' ? 'pa55-word' : `"${password}"`);
    };
    await refused({ url: 'jdbc:postgresql://127.0.0.1:1/x' }, expect.stringContaining('Cannot reach 127.0.0.1:1'));
    await refused(
      { url: 'jdbc:postgresql://127.0.0.1:1/x' },
      '无法连接到 127.0.0.1:1：请检查主机和端口，以及数据库服务是否已启动',
      t.auth(),
    );
    await refused(
      { username: 'cw_no_such_user' },
      'The database server refused the user cw_no_such_user: check the user name and password',
    );
    await refused(
      { url: reachable('cw_no_such_database') },
      `The server ${server!.hostname} has no database cw_no_such_database`,
    );
    await refused({ url: 'jdbc:mysql://127.0.0.1:3306/x' }, expect.stringContaining('Only PostgreSQL datasources'));
    expect(await rows()).toEqual(before);
  });

  it('checks an update that changes where it connects, and not one that changes only its remark', async () => {
    const created = (await submit(source('checked'))).json().data;
    const before = await rows();
    const missing = await submit({ id: created.id, url: reachable('cw_no_such_database') }, { ...t.auth(), ...EN });
    expect(missing.json()).toMatchObject({ code: 400, msg: expect.stringContaining('has no database') });
    const wrongUser = await submit({ id: created.id, username: 'cw_no_such_user' });
    expect(wrongUser.json()).toMatchObject({ code: 400, msg: expect.stringContaining('拒绝了用户 cw_no_such_user') });
    expect(await rows()).toEqual(before);
    // the stored URL now names a server that is gone: a remark still saves
    await sql`update blade_datasource set url = 'jdbc:postgresql://127.0.0.1:1/x' where id = ${created.id}`.execute(
      t.database.db,
    );
    expect((await submit({ id: created.id, remark: 'kept for reports' })).statusCode).toBe(200);
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

describe.skipIf(!server)(`GET ${BASE}/select and POST ${BASE}/remove`, () => {
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
