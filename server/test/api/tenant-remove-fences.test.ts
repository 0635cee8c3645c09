import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createTenant } from '../support/factories.ts';
import { type SecondDatabase, secondDatabase } from '../support/second-database.ts';
import { moveEnded, writeInFlight } from '../support/tenant-rows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A removed tenant's `moved` fences in the databases it left (issue 24): a move leaves one in each
 * database it leaves, which refuses every write of that tenant id there for good. Removal deletes
 * them in every database the tenant left (recorded at each switch), a database down at the removal
 * keeps its record until the next start, and a tenant being moved is not removed meanwhile.
 */
const postgres = process.env.TEST_DB === 'postgres';
const BACK = '740001'; // main → second → main
const AWAY = '740002'; // main → second
const KEPT = '740003'; // main → second → main, not removed
const DOWN = '740004'; // main → second → main, removed while second is down
const BUSY = '740005'; // removed while its move runs
const EN = { 'accept-language': 'en' };

let t: TestApp;
let second: SecondDatabase;
let main: OpenDatabase['db'];

const bind = async (tenantId: string, datasourceId: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/blade-system/tenant/datasource?tenantId=${tenantId}&datasourceId=${datasourceId}`,
    headers: { ...t.auth(), ...EN },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const remove = async (...tenantIds: string[]) => {
  const { rows } = await sql<{ id: string }>`
    select cast(id as text) as id from blade_tenant where tenant_id in (${sql.join(tenantIds)})`.execute(main);
  return t.app.inject({
    method: 'POST',
    url: `/api/blade-system/tenant/remove?ids=${rows.map((r) => r.id).join(',')}`,
    headers: { ...t.auth(), ...EN },
  });
};
const fences = async (db: OpenDatabase['db'], tenantId: string) =>
  (
    await sql<{ state: string }>`select state from blade_tenant_fence where tenant_id = ${tenantId}`.execute(db)
  ).rows.map((r) => r.state);
const departures = async (tenantId: string) =>
  (
    await sql<{ key: string }>`select cast(datasource_id as text) as key from blade_tenant_departure
      where tenant_id = ${tenantId} order by 1`.execute(main)
  ).rows.map((r) => r.key);
/** A write of the tenant id on the database it is routed to (a removed one's: the main database). */
const writeDept = (tenantId: string) =>
  t.app.platform.tenantDb.inTenant(tenantId, (trx) =>
    sql`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name)
      values (${nextId()}, ${tenantId}, 0, '0', 'later', 'later')`.execute(trx),
  );

describe.skipIf(!postgres)('POST /api/blade-system/tenant/remove: the fences a tenant left', () => {
  beforeAll(async () => {
    t = await createTestApp();
    main = t.database.db;
    second = await secondDatabase(t);
    for (const tenantId of [BACK, AWAY, KEPT, DOWN, BUSY]) await createTenant(main, tenantId);
    for (const tenantId of [BACK, AWAY, KEPT, DOWN]) await bind(tenantId, second.datasourceId);
    for (const tenantId of [BACK, KEPT, DOWN]) await bind(tenantId, '0');
  });
  afterAll(async () => {
    await t?.close();
    await second?.drop();
  });

  it('records each database a tenant left, and forgets one it came back to', async () => {
    const secondDb = await second.db();
    for (const tenantId of [BACK, KEPT, DOWN]) {
      expect(await fences(secondDb, tenantId)).toEqual(['moved']);
      expect(await fences(main, tenantId)).toEqual([]);
      expect(await departures(tenantId)).toEqual([second.datasourceId]);
    }
    expect(await fences(main, AWAY)).toEqual(['moved']);
    expect(await departures(AWAY)).toEqual(['0']);
  });

  it('deletes the fences of removed tenants in every database they left, and keeps those of the others', async () => {
    const res = await remove(BACK, AWAY);
    expect(res.statusCode, res.body).toBe(200);
    const secondDb = await second.db();
    expect(await fences(secondDb, BACK)).toEqual([]);
    expect(await fences(main, AWAY)).toEqual([]);
    expect(await departures(BACK)).toEqual([]);
    expect(await departures(AWAY)).toEqual([]);
    // the harm it did: a write of the id where the tenant once was (the removed one's rows now routed
    // to the main database, or a tenant given the id later) was refused there for good
    await writeDept(AWAY);
    expect(await fences(secondDb, KEPT)).toEqual(['moved']);
    expect(await departures(KEPT)).toEqual([second.datasourceId]);
  });

  it('keeps the record of a database down at the removal and clears it at the next start', async () => {
    await second.cutOff();
    try {
      const res = await remove(DOWN);
      expect(res.statusCode, res.body).toBe(200);
      expect(await departures(DOWN)).toEqual([second.datasourceId]);
    } finally {
      await second.restore();
    }
    expect(await fences(await second.db(), DOWN)).toEqual(['moved']);
    // another instance starting (the second database no longer bound to anyone it must open)
    const next = await createTestApp({ database: t.database });
    try {
      await expect.poll(() => departures(DOWN), { timeout: 15_000 }).toEqual([]);
      expect(await fences(await second.db(), DOWN)).toEqual([]);
      expect(await fences(await second.db(), KEPT)).toEqual(['moved']);
    } finally {
      await next.close();
    }
  });

  it('refuses to remove a tenant being moved, and clears its fence once the move is done', async () => {
    await writeDept(BUSY);
    // a write in flight holds the move in its fence step
    const { release, done: writing } = await writeInFlight(
      t,
      BUSY,
      sql`update blade_dept set sort = 2 where tenant_id = ${BUSY}`,
    );
    await bind(BUSY, second.datasourceId);
    const refused = await remove(BUSY);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().msg).toContain('is being moved already');
    release();
    await writing;
    expect((await moveEnded(t, BUSY))?.step).toBe('done');
    expect(await fences(main, BUSY)).toEqual(['moved']);
    const res = await remove(BUSY);
    expect(res.statusCode, res.body).toBe(200);
    expect(await fences(main, BUSY)).toEqual([]);
    expect(await departures(BUSY)).toEqual([]);
  });
});
