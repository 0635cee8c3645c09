import { sql } from 'kysely';
import { expect } from 'vitest';
import { tenantOwnedTables } from '../../src/platform/db/rls.ts';
import type { AnyDb } from '../../src/platform/tenancy/tenant-db.ts';
import type { TestApp } from './test-app.ts';

/** The link tables whose rows are a tenant's through a parent (as the mover's list, written out again here). */
const LINKS: [table: string, column: string, parent: string][] = [
  ['blade_role_menu', 'role_id', 'blade_role'],
  ['blade_role_scope', 'role_id', 'blade_role'],
  ['blade_user_dept', 'user_id', 'blade_user'],
  ['blade_top_menu_setting', 'top_menu_id', 'blade_top_menu'],
];

/**
 * Every row of a tenant in a database, as a count and a digest of the rows' text per table (as the
 * owner, without row-level security): two databases with equal snapshots hold the same rows.
 */
export async function tenantSnapshot(db: AnyDb, tenantId: string): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  const digest = async (table: string, where: ReturnType<typeof sql>) => {
    const { rows } = await sql<{ n: string; d: string | null }>`
      select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as d
      from ${sql.table(table)} t where ${where}`.execute(db);
    snapshot[table] = `${rows[0]!.n}:${rows[0]!.d ?? ''}`;
  };
  for (const table of await tenantOwnedTables(db)) await digest(table, sql`t.tenant_id = ${tenantId}`);
  for (const [table, column, parent] of LINKS) {
    await digest(
      table,
      sql`t.${sql.ref(column)} in (select id from ${sql.table(parent)} where tenant_id = ${tenantId})`,
    );
  }
  return snapshot;
}

/** The tables where the tenant has rows, by count (`{}`: none anywhere). */
export const rowCounts = (snapshot: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(snapshot)
      .map(([table, value]) => [table, Number(value.split(':')[0])] as const)
      .filter(([, n]) => n > 0),
  );

/** The tenant's move as the progress endpoint answers it, once it has ended (done or failed). */
export async function moveEnded(t: TestApp, tenantId: string, headers: Record<string, string> = {}) {
  let last: Record<string, unknown> | null = null;
  await expect
    .poll(
      async () => {
        const res = await t.app.inject({
          url: `/api/blade-system/tenant/datasource-move?tenantId=${tenantId}`,
          headers: { ...t.auth(), ...headers },
        });
        expect(res.statusCode, res.body).toBe(200);
        last = res.json().data;
        return (last as { step?: string } | null)?.step;
      },
      { timeout: 30_000, interval: 50 },
    )
    .toMatch(/^(done|failed)$/);
  return last as unknown as { step: string; message: string | null; rowsDone: number; rowsTotal: number };
}

/**
 * A write of the tenant in flight: the transaction has written (so holds the tenant's shared lock, which a
 * move waits for at its fence) and stays open until `release`; `done` is its end.
 */
export async function writeInFlight(t: TestApp, tenantId: string, statement: ReturnType<typeof sql>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const done = t.app.platform.tenantDb.inTenant(tenantId, async (trx) => {
    await statement.execute(trx);
    entered();
    await held;
  });
  await inside;
  return { release, done };
}
