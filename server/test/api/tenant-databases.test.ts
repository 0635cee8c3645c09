import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/migrations/index.ts';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import { type SecondDatabase, secondDatabase } from '../support/second-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Tenants bound to a datasource are served from its database (issue 24): a second database on the
 * test PostgreSQL, made empty here (the binding migrates it) and dropped after. PostgreSQL only: the
 * embedded database refuses bindings (tenant.test.ts), and vitest.config.ts fails a CI run that
 * has no TEST_DATABASE_URL rather than let this skip.
 */
const postgres = process.env.TEST_DB === 'postgres';
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const TOKEN = '/api/blade-auth/oauth/token';
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const EN = { 'accept-language': 'en' };
const BOUND = '710001';
const NEIGHBOUR = '710002';
const MAIN = '710003';
const IDLE_MS = 400;

let t: TestApp;
let second: SecondDatabase;
let secondDb: OpenDatabase['db'];
let datasourceId: string;

const post = (url: string, headers: Record<string, string> = t.auth()) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, ...EN } });
const signIn = (tenantId: string, username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: `${TOKEN}?${new URLSearchParams({ tenantId, username, password: md5Hex(password), grant_type: 'password', scope: 'all' })}`,
    headers: { authorization: SABER, ...EN },
  });
const bearer = (accessToken: string) => ({ 'blade-auth': `bearer ${accessToken}`, ...EN });
const accounts = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ url: '/api/blade-user/page?size=100', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.records as { account: string }[]).map((r) => r.account).sort();
};

/** A role and an administrator in a tenant, written as the owner into the database given. */
async function seedTenant(db: OpenDatabase['db'], tenantId: string) {
  const role = await createRole(db, tenantId, 'administrator', ['user', 'user_view', 'dept', 'dept_add', 'dept_view']);
  await createUser(db, tenantId, `admin${tenantId}`, 'Secret-123', { roleIds: [role] });
}

describe.skipIf(!postgres)('tenants in another database', () => {
  beforeAll(async () => {
    t = await createTestApp({ tenantDatabaseIdleMs: IDLE_MS });
    // empty, not a copy of the migrated template: binding must migrate it
    second = await secondDatabase(t);
    datasourceId = second.datasourceId;
    for (const tenantId of [BOUND, NEIGHBOUR, MAIN]) await createTenant(t.database.db, tenantId);
    await seedTenant(t.database.db, MAIN);
  });
  afterAll(async () => {
    await t?.close();
    await second?.drop();
  });

  it('binds an empty tenant: the database is migrated and given the platform tables it joins', async () => {
    const bound = await post(`/api/blade-system/tenant/datasource?tenantId=${BOUND}&datasourceId=${datasourceId}`);
    expect(bound.statusCode, bound.body).toBe(200);
    expect(
      (await post(`/api/blade-system/tenant/datasource?tenantId=${NEIGHBOUR}&datasourceId=${datasourceId}`)).statusCode,
    ).toBe(200);
    secondDb = await second.db();
    const applied = await sql`select name from kysely_migration`.execute(secondDb);
    expect(applied.rows).toHaveLength(Object.keys(migrations).length);
    const menus = async (db: OpenDatabase['db']) =>
      (await sql`select count(*)::int as n from blade_menu`.execute(db)).rows[0];
    expect(await menus(secondDb)).toEqual(await menus(t.database.db));
    await seedTenant(secondDb, BOUND);
    await seedTenant(secondDb, NEIGHBOUR);
  });

  it('keeps the platform copies in step with the main database, and read-only to requests', async () => {
    // held open meanwhile (a database left idle is closed here after 400 ms, and copied again when it opens)
    const databases = t.app.platform.tenantDatabases!;
    const database = await databases.open(datasourceId);
    await databases.use(database, async () => {
      await sql`update blade_tenant set tenant_name = 'Renamed in main' where tenant_id = ${BOUND}`.execute(
        t.database.db,
      );
      // every change of the platform's tables clears the caches (and the copies are compared each minute)
      t.app.platform.caches.clear();
      const nameThere = async () =>
        (
          await sql<{ n: string }>`select tenant_name as n from blade_tenant where tenant_id = ${BOUND}`.execute(
            secondDb,
          )
        ).rows[0]?.n;
      await expect.poll(nameThere, { timeout: 15_000 }).toBe('Renamed in main');
    });
    const write = sql`update blade_menu set name = name`;
    const refused = await secondDb
      .transaction()
      .execute(async (trx) => {
        await sql`set local role blade_app`.execute(trx);
        await write.execute(trx);
      })
      .then(
        () => 'written',
        (error: { code?: string }) => error.code,
      );
    expect(refused).toBe('42501');
  });

  it('refuses the platform tenant, binding nothing (a tenant with data moves: tenant-move.test.ts)', async () => {
    const platform = await post(`/api/blade-system/tenant/datasource?tenantId=000000&datasourceId=${datasourceId}`);
    expect(platform.json()).toMatchObject({ code: 400, msg: expect.stringContaining('platform tenant 000000') });
    const { rows } = await sql<{ tenantId: string }>`
      select tenant_id as "tenantId" from blade_tenant where datasource_id is not null order by 1`.execute(
      t.database.db,
    );
    expect(rows.map((r) => r.tenantId)).toEqual([BOUND, NEIGHBOUR]);
  });

  it('refuses to remove the datasource of bound tenants or point it elsewhere; its remark may change', async () => {
    const server = new URL(serverUrl);
    const submit = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blade-develop/datasource/submit',
        headers: { ...t.auth(), ...EN },
        payload,
      });
    const elsewhere = await submit({ id: datasourceId, url: `jdbc:postgresql://${server.host}/postgres` });
    expect(elsewhere.json()).toMatchObject({
      code: 409,
      msg: `The datasource second holds the data of the tenants ${BOUND}, ${NEIGHBOUR}: it cannot be removed, nor its URL or user changed`,
    });
    const removed = await post(`/api/blade-develop/datasource/remove?ids=${datasourceId}`);
    expect(removed.json()).toMatchObject({ code: 409, msg: expect.stringContaining('cannot be removed') });
    expect((await submit({ id: datasourceId, remark: 'tenants 710001-2' })).statusCode).toBe(200);
    const { rows } = await sql`select url, is_deleted from blade_datasource where id = ${datasourceId}`.execute(
      t.database.db,
    );
    expect(rows).toEqual([{ url: `jdbc:postgresql://${server.host}/${second.name}`, is_deleted: 0 }]);
  });

  it('signs a bound tenant in, refreshes and revokes its sessions, and serves its rows from its database only', async () => {
    const login = await signIn(BOUND, `admin${BOUND}`, 'Secret-123');
    expect(login.statusCode, login.body).toBe(200);
    const { access_token: access, refresh_token: refresh } = login.json();
    // row-level security there too: its neighbour in the same database is not seen
    expect(await accounts(bearer(access))).toEqual([`admin${BOUND}`]);
    const dept = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/dept/submit',
      headers: bearer(access),
      payload: { deptName: 'Second-floor stores', parentId: '', sort: 1 },
    });
    expect(dept.statusCode, dept.body).toBe(200);
    const deptsIn = async (db: OpenDatabase['db']) =>
      (await sql`select dept_name from blade_dept where tenant_id = ${BOUND}`.execute(db)).rows;
    expect(await deptsIn(secondDb)).toEqual([{ dept_name: 'Second-floor stores' }]);
    expect(await deptsIn(t.database.db)).toEqual([]);
    expect((await sql`select 1 from blade_user where tenant_id = ${BOUND}`.execute(t.database.db)).rows).toEqual([]);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: `${TOKEN}?${new URLSearchParams({ tenantId: BOUND, grant_type: 'refresh_token', refresh_token: refresh })}`,
      headers: { authorization: SABER },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const out = await t.app.inject({
      url: '/api/blade-auth/oauth/logout',
      headers: bearer(refreshed.json().access_token),
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/blade-user/page', headers: bearer(refreshed.json().access_token) });
    expect(after.statusCode).toBe(401);
    // the revocation is in the main database, which every instance reads
    expect((await sql`select 1 from auth_revocation`.execute(secondDb)).rows).toEqual([]);
  });

  it('keeps serving the main database’s tenants as before', async () => {
    const login = await signIn(MAIN, `admin${MAIN}`, 'Secret-123');
    expect(login.statusCode, login.body).toBe(200);
    expect(await accounts(bearer(login.json().access_token))).toEqual([`admin${MAIN}`]);
  });

  it('answers 503 naming the database for its tenants while it is down, serves the others, and says so in health', async () => {
    const bound = (await signIn(BOUND, `admin${BOUND}`, 'Secret-123')).json().access_token;
    const main = (await signIn(MAIN, `admin${MAIN}`, 'Secret-123')).json().access_token;
    await second.cutOff();
    try {
      const down = await t.app.inject({ url: '/api/blade-user/page', headers: bearer(bound) });
      expect(down.statusCode, down.body).toBe(503);
      expect(down.json().msg).toBe("This tenant's database second is unavailable, please try again shortly");
      expect((await t.app.inject({ url: '/api/blade-user/page', headers: bearer(main) })).statusCode).toBe(200);
      const refusedSignIn = await signIn(BOUND, `admin${BOUND}`, 'Secret-123');
      expect(refusedSignIn.statusCode).toBe(503);
      const health = await t.app.inject({ url: '/api/health', headers: EN });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({
        msg: expect.stringContaining('database second is unavailable'),
        data: { status: 'up', database: 'up', tenantDatabases: [{ name: 'second', status: 'down' }] },
      });
    } finally {
      await second.restore();
    }
    // tried again once it answers (a failed open is retried after 2 s)
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const back = await t.app.inject({ url: '/api/blade-user/page', headers: bearer(bound) });
    expect(back.statusCode, back.body).toBe(200);
    expect((await t.app.inject({ url: '/api/health' })).json().data.tenantDatabases).toEqual([
      { name: 'second', status: 'up' },
    ]);
    secondDb = await second.db();
  });

  it('closes a database left idle and opens it again when its tenant comes back', async () => {
    const bound = (await signIn(BOUND, `admin${BOUND}`, 'Secret-123')).json().access_token;
    expect(t.app.platform.tenantDatabases?.isOpen(datasourceId)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));
    expect(t.app.platform.tenantDatabases?.isOpen(datasourceId)).toBe(false);
    expect(await accounts(bearer(bound))).toEqual([`admin${BOUND}`]);
    expect(t.app.platform.tenantDatabases?.isOpen(datasourceId)).toBe(true);
  });
});
