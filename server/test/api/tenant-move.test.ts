import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createMemoryStore } from '../../src/platform/store/memory-store.ts';
import { createCaller, createTenant, createUser } from '../support/factories.ts';
import { type SecondDatabase, secondDatabase } from '../support/second-database.ts';
import { moveEnded, rowCounts, tenantSnapshot, writeInFlight } from '../support/tenant-rows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectLedgerEqualsBalances, warehouseApi } from '../support/warehouse.ts';

/**
 * Moving a tenant that has data between PostgreSQL databases (issue 24): every row equal after (a
 * digest per table), the tenant signs in and works there; writes fenced meanwhile answer 503 and are
 * never lost; a failure mid-copy leaves the tenant whole where it was; an instance that still routes
 * the tenant to the database it left is refused. Small data, 7 rows a batch (so tables span batches).
 */
const postgres = process.env.TEST_DB === 'postgres';
const TENANT = '730001';
const OTHER = '730002';
const EN = { 'accept-language': 'en' };
const ZH = { 'accept-language': 'zh-CN' };
const MOVING_EN =
  "This tenant's data is being moved to another database and cannot be changed now, please try again shortly";

let t: TestApp;
let second: SecondDatabase;
let secondDb: OpenDatabase['db'];
let main: OpenDatabase['db'];
let tenantAuth: Record<string, string>;

const bind = (datasourceId: string, tenantId = TENANT, app = t) =>
  app.app.inject({
    method: 'POST',
    url: `/api/blade-system/tenant/datasource?tenantId=${tenantId}&datasourceId=${datasourceId}`,
    headers: { ...app.auth(), ...EN },
  });
const addDept = (name: string, app = t) =>
  app.app.inject({
    method: 'POST',
    url: '/api/blade-system/dept/submit',
    headers: { ...tenantAuth, ...EN },
    payload: { deptName: name, parentId: '', sort: 1 },
  });
const deptNames = async (db: OpenDatabase['db']) =>
  (
    await sql<{ n: string }>`select dept_name as n from blade_dept where tenant_id = ${TENANT} order by 1`.execute(db)
  ).rows.map((r) => r.n);
const bindingOf = async () =>
  (
    await sql<{
      d: string | null;
    }>`select cast(datasource_id as text) as d from blade_tenant where tenant_id = ${TENANT}`.execute(main)
  ).rows[0]?.d;

/** A tenant with users, roles and their links, depts, a top menu, warehouse documents with their ledger, and jsonb and array values. */
async function seedTenant() {
  const { rows: menus } = await sql<{ code: string }>`select code from blade_menu where code is not null`.execute(main);
  const caller = await createCaller(
    main,
    TENANT,
    'keeper',
    menus.map((m) => m.code),
  );
  tenantAuth = await t.authFor(caller);
  const roleId = caller.roleIds[0]!;
  const userId = await createUser(main, TENANT, 'admin', 'Secret-123', { roleIds: [roleId] });
  await sql`insert into blade_role_scope (id, scope_category, scope_id, role_id) values (${nextId()}, 1, ${nextId()}, ${roleId})`.execute(
    main,
  );
  const top = nextId();
  await sql`insert into blade_top_menu (id, tenant_id, code, name) values (${top}, ${TENANT}, 'ops', 'Ops')`.execute(
    main,
  );
  await sql`insert into blade_top_menu_setting (id, top_menu_id, menu_id) values (${nextId()}, ${top}, ${nextId()})`.execute(
    main,
  );
  for (const name of ['Stores', 'Workshop']) expect((await addDept(name)).statusCode).toBe(200);
  await sql`insert into blade_user_dept (id, user_id, dept_id)
    select ${nextId()}, ${userId}, id from blade_dept where tenant_id = ${TENANT} and dept_name = 'Stores'`.execute(
    main,
  );
  // values that a copy through text or JavaScript objects would change: a jsonb array, microseconds, arrays
  await sql`insert into blade_report_file (id, tenant_id, name, content, create_time)
    values (${nextId()}, ${TENANT}, 'r1', ${'[1, "两", {"a": null, "b": [2.50]}]'}::jsonb, '2026-01-02 03:04:05.123456+00')`.execute(
    main,
  );
  await sql`insert into wh_face_image (id, tenant_id, name, descriptor) values (${nextId()}, ${TENANT}, 'P', '{0.1,-2.5e-7,3}')`.execute(
    main,
  );
  // the tenant's business dictionaries (device types…), as the platform tenant's
  await sql`insert into blade_dict_biz select r.* from blade_dict_biz d,
      jsonb_populate_record(d, jsonb_build_object('id', d.id + 1000003, 'tenant_id', ${TENANT}::text,
        'parent_id', case when d.parent_id = 0 then 0 else d.parent_id + 1000003 end)) r
    where d.tenant_id = '000000'`.execute(main);
  const api = warehouseApi(t, () => tenantAuth);
  const device = await api.device();
  const material = await api.material();
  for (let i = 1; i <= 6; i++) {
    await api.refuel(device.id, [{ materialCodeId: material.id, quantity: i, unitPrice: '1.25' }]);
  }
  await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 2 }]);
  return { api, device, material };
}

describe.skipIf(!postgres)('moving a tenant with data between databases', () => {
  let stock: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    t = await createTestApp({ store: createMemoryStore(), tenantMoveBatchRows: 7 });
    main = t.database.db;
    second = await secondDatabase(t);
    await createTenant(main, TENANT);
    await createTenant(main, OTHER);
    stock = await seedTenant();
    await createUser(main, OTHER, 'neighbour', 'Secret-123');
  });
  afterAll(async () => {
    await t?.close();
    await second?.drop();
  });

  it('moves the tenant to the second database and back: every row equal, served from there', async () => {
    const before = await tenantSnapshot(main, TENANT);
    const other = await tenantSnapshot(main, OTHER);
    expect(rowCounts(before)).toMatchObject({
      blade_user: 2,
      wh_stock_movement: 7,
      blade_role_menu: expect.any(Number),
    });
    const res = await bind(second.datasourceId);
    expect(res.json()).toMatchObject({ code: 200 });
    const ended = await moveEnded(t, TENANT, EN);
    expect(ended).toMatchObject({ step: 'done', message: '', to: 'second', from: '' });
    expect(ended.rowsDone).toBe(ended.rowsTotal);
    expect(await bindingOf()).toBe(second.datasourceId);
    secondDb = await second.db();
    expect(await tenantSnapshot(secondDb, TENANT)).toEqual(before);
    expect(rowCounts(await tenantSnapshot(main, TENANT))).toEqual({});
    expect(await tenantSnapshot(main, OTHER)).toEqual(other);
    expect((await sql`select state from blade_tenant_fence where tenant_id = ${TENANT}`.execute(main)).rows).toEqual([
      { state: 'moved' },
    ]);
    // the tables its rows went into were analyzed there: the planner counts its rows (migrating it found none)
    const { rows: planned } = await sql<{ rows: number }>`
      select reltuples::int as rows from pg_class where relname = 'wh_stock_movement'`.execute(secondDb);
    expect(planned[0]!.rows).toBeGreaterThanOrEqual(7);

    // it signs in and works there: a dept, a refuel (ledger and balance), all in the second database
    const login = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: TENANT, username: 'admin', password: md5Hex('Secret-123'), grant_type: 'password', scope: 'all' })}`,
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, ...EN },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await addDept('Moved')).statusCode).toBe(200);
    await stock.api.refuel(stock.device.id, [{ materialCodeId: stock.material.id, quantity: 5, unitPrice: '2' }]);
    expect(await deptNames(secondDb)).toEqual(['Moved', 'Stores', 'Workshop']);
    await expectLedgerEqualsBalances(secondDb);

    const there = await tenantSnapshot(secondDb, TENANT);
    expect((await bind('0')).json()).toMatchObject({ code: 200 });
    expect(await moveEnded(t, TENANT, ZH)).toMatchObject({ step: 'done', from: 'second', to: '' });
    expect(await bindingOf()).toBeNull();
    expect(await tenantSnapshot(main, TENANT)).toEqual(there);
    expect(rowCounts(await tenantSnapshot(secondDb, TENANT))).toEqual({});
    expect((await sql`select 1 from blade_tenant_fence where tenant_id = ${TENANT}`.execute(main)).rows).toEqual([]);
    expect((await addDept('Back')).statusCode).toBe(200);
    expect(await deptNames(main)).toEqual(['Back', 'Moved', 'Stores', 'Workshop']);
  });

  it('holds the move until writes in flight end, refuses writes meanwhile with 503, and loses none', async () => {
    // a write of the tenant in flight when the move starts: it holds the tenant's shared lock
    const { release, done: inFlight } = await writeInFlight(
      t,
      TENANT,
      sql`insert into blade_dept (id, tenant_id, parent_id, dept_name, full_name, sort)
        values (${nextId()}, ${TENANT}, 0, 'In flight', 'In flight', 9)`,
    );
    try {
      expect((await bind(second.datasourceId)).json()).toMatchObject({ code: 200 });
      const fenced = async () =>
        (await sql<{ state: string }>`select state from blade_tenant_fence where tenant_id = ${TENANT}`.execute(main))
          .rows[0]?.state;
      await expect.poll(fenced).toBe('moving');
      expect((await moveProgress())?.step).toBe('fence');
      const refused = await addDept('Refused');
      expect(refused.statusCode).toBe(503);
      expect(refused.json().msg).toBe(MOVING_EN);
      const zh = await t.app.inject({
        method: 'POST',
        url: '/api/blade-system/dept/submit',
        headers: { ...tenantAuth, ...ZH },
        payload: { deptName: 'Refused too', parentId: '', sort: 1 },
      });
      expect(zh.json().msg).toBe('本租户的数据正在迁移到另一个数据库,暂不能修改,请稍后再试');
      // reads go on meanwhile
      const read = await t.app.inject({ url: '/api/blade-system/dept/list', headers: tenantAuth });
      expect(read.statusCode).toBe(200);
    } finally {
      release();
    }
    await inFlight;
    expect(await moveEnded(t, TENANT)).toMatchObject({ step: 'done' });
    expect(await deptNames(secondDb)).toEqual(['Back', 'In flight', 'Moved', 'Stores', 'Workshop']);
    expect(await deptNames(main)).toEqual([]);
  });

  it('leaves the tenant whole where it was, and nothing in the target, when the copy fails midway', async () => {
    const before = await tenantSnapshot(secondDb, TENANT);
    // a failure of the target partway through: the ledger is copied after the tables before it in name order
    await sql`create function fail_copy() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`.execute(main);
    await sql`create trigger fail_copy before insert on wh_stock_movement for each statement execute function fail_copy()`.execute(
      main,
    );
    try {
      expect((await bind('0')).json()).toMatchObject({ code: 200 });
      const ended = await moveEnded(t, TENANT, EN);
      expect(ended.step).toBe('failed');
      expect(ended.message).toBe('The move failed: injected failure. The data stays where it was');
      expect(ended.rowsDone).toBeGreaterThan(0);
    } finally {
      await sql`drop trigger fail_copy on wh_stock_movement`.execute(main);
      await sql`drop function fail_copy()`.execute(main);
    }
    expect(await bindingOf()).toBe(second.datasourceId);
    expect(await tenantSnapshot(secondDb, TENANT)).toEqual(before);
    expect(rowCounts(await tenantSnapshot(main, TENANT))).toEqual({});
    // the source writes again; the target keeps its `moved` fence against stale instances
    expect((await addDept('After failure')).statusCode).toBe(200);
    expect((await sql`select state from blade_tenant_fence where tenant_id = ${TENANT}`.execute(main)).rows).toEqual([
      { state: 'moved' },
    ]);
    expect((await sql`select 1 from blade_tenant_fence where tenant_id = ${TENANT}`.execute(secondDb)).rows).toEqual(
      [],
    );
  });

  it('refuses a second move of the same tenant while one runs', async () => {
    const { release, done: inFlight } = await writeInFlight(
      t,
      TENANT,
      sql`update blade_dept set sort = 2 where dept_name = 'Back'`,
    );
    const first = await bind('0').finally(() => setTimeout(release, 500));
    expect(first.json()).toMatchObject({ code: 200 });
    const again = await bind('0');
    expect(again.json()).toMatchObject({
      code: 409,
      msg: `The data of tenant ${TENANT} is being moved already: wait until it is done`,
    });
    await inFlight;
    expect(await moveEnded(t, TENANT)).toMatchObject({ step: 'done' });
    expect(await bindingOf()).toBeNull();
  });

  it('refuses the writes of an instance that still routes the tenant to the database it left', async () => {
    // another instance on the same databases, whose bindings were read before the move
    const stale = await createTestApp({ database: t.database, store: createMemoryStore() });
    try {
      const viaStale = (name: string) =>
        stale.app.inject({
          method: 'POST',
          url: '/api/blade-system/dept/submit',
          headers: { ...tenantAuth, ...EN },
          payload: { deptName: name, parentId: '', sort: 1 },
        });
      expect((await viaStale('Before the move')).statusCode).toBe(200);
      expect((await bind(second.datasourceId)).json()).toMatchObject({ code: 200 });
      expect(await moveEnded(t, TENANT)).toMatchObject({ step: 'done' });
      const refused = await viaStale('Stale write');
      expect(refused.statusCode).toBe(503);
      expect(refused.json().msg).toBe(MOVING_EN);
      // once it reads the bindings again (within 30 s, or at a cache clear) it writes where the tenant is
      stale.app.platform.caches.clear();
      expect((await viaStale('Fresh write')).statusCode).toBe(200);
      const names = await deptNames(secondDb);
      expect(names).toContain('Before the move');
      expect(names).toContain('Fresh write');
      expect(names).not.toContain('Stale write');
      expect(await deptNames(main)).toEqual([]);
    } finally {
      await stale.close();
    }
  });
});

const moveProgress = async () =>
  (
    await t.app.inject({
      url: `/api/blade-system/tenant/datasource-move?tenantId=${TENANT}`,
      headers: t.auth(),
    })
  ).json().data as { step: string } | null;
