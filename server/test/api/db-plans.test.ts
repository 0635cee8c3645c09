import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { connectionBypassesRls, createTenantDb, type TenantDb } from '../../src/platform/tenancy/tenant-db.ts';
import { seedPlatform } from '../../src/seed/platform-seed.ts';
import { freshDatabase } from '../support/database.ts';

// Issue 17: the planner's statistics after migrations and the seed, and the tenant policy's form.
let database: OpenDatabase;
let tenantDb: TenantDb;

/** The planner's row estimate of a table: -1 until it was first analysed (PostgreSQL 14 and later). */
async function reltuples(table: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select reltuples::float8 as n from pg_class where oid = ${table}::regclass`.execute(database.db);
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  database = await freshDatabase();
  tenantDb = createTenantDb(database.db, await connectionBypassesRls(database.db));
});
afterAll(() => database?.close());

describe('statistics', () => {
  it('migrations leave every table analysed', async () => {
    const { rows } = await sql<{ table: string }>`
      select relname as table from pg_class
      where relkind = 'r' and relnamespace = current_schema()::regnamespace and reltuples < 0`.execute(database.db);
    expect(rows.map((r) => r.table)).toEqual([]);
  });

  it('the demo seed leaves the planner knowing its rows', async () => {
    await seedPlatform(database.db, 'Secret-123', { demo: true });
    expect(await reltuples('wh_stock_movement')).toBeGreaterThan(0);
    expect(await reltuples('blade_menu')).toBeGreaterThan(0);
  });
});

describe('the tenant policy', () => {
  it('reads the tenant settings once per statement on every tenant-owned table', async () => {
    const { rows } = await sql<{ table: string; qual: string; check: string }>`
      select c.relname as table, p.qual, p.with_check as check
      from pg_class c left join pg_policies p on p.tablename = c.relname and p.policyname = 'tenant_isolation'
      where c.relnamespace = current_schema()::regnamespace and c.relrowsecurity`.execute(database.db);
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      for (const text of [row.qual, row.check]) {
        expect(text, row.table).toMatch(/\(\s*SELECT current_setting\('app\.tenant_id'::text, true\)/);
        expect(text, row.table).toMatch(/\(\s*SELECT current_setting\('app\.all_tenants'::text, true\)/);
        // No bare call is left: every current_setting is the whole of a scalar subquery.
        expect(text.match(/current_setting\(/g)?.length, row.table).toBe(
          text.match(/SELECT current_setting\(/g)?.length,
        );
      }
    }
  });

  it('still shows and writes only the transaction tenant rows', async () => {
    const row = (tenant: string) => ({ id: nextId(), tenant_id: tenant, code: `P-${tenant}`, name: tenant });
    await database.db
      .insertInto('wh_provider')
      .values([row('510001'), row('510002')])
      .execute();
    const seen = (tenant: string) =>
      tenantDb.inTenant(tenant, (trx) =>
        trx.selectFrom('wh_provider').select('tenant_id').where('code', 'like', 'P-5100%').execute(),
      );
    expect(await seen('510001')).toEqual([{ tenant_id: '510001' }]);
    expect(await seen('')).toEqual([]);
    await expect(
      tenantDb.inTenant('510001', (trx) => trx.insertInto('wh_provider').values(row('510002')).execute()),
    ).rejects.toThrow(/row-level security/);
    const all = await tenantDb.inAllTenants((trx) =>
      trx.selectFrom('wh_provider').select('tenant_id').where('code', 'like', 'P-5100%').orderBy('tenant_id').execute(),
    );
    expect(all).toEqual([{ tenant_id: '510001' }, { tenant_id: '510002' }]);
  });
});
