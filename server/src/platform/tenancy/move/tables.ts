import { type RawBuilder, sql } from 'kysely';
import { tenantOwnedTables } from '../../db/rls.ts';
import type { AnyDb, AnyTrx } from '../tenant-db.ts';

/** A table without tenant_id whose rows are a tenant's through their parent's (`role_id` of blade_role). */
export interface LinkTable {
  table: string;
  column: string;
  parent: string;
}

/** A table whose rows move with a tenant: which rows (over the alias `t`) and its primary key, for batches. */
export interface MovedTable {
  table: string;
  where: RawBuilder<unknown>;
  key: string[];
}

async function primaryKey(db: AnyDb | AnyTrx, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select a.attname as column from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary
    order by array_position(i.indkey::int2[], a.attnum)`.execute(db);
  if (!rows.length) throw new Error(`${table} has no primary key: its rows cannot be moved in batches`);
  return rows.map((r) => r.column);
}

/**
 * Every table a tenant's rows are in: those with the tenant policy, then the link tables reached
 * through them (deleted first, copied last: their rows are found through their parents).
 */
export async function movedTables(db: AnyDb, tenantId: string, links: readonly LinkTable[]): Promise<MovedTable[]> {
  const owned = await tenantOwnedTables(db);
  const tables: MovedTable[] = [];
  for (const table of owned) {
    tables.push({ table, where: sql`t.tenant_id = ${tenantId}`, key: await primaryKey(db, table) });
  }
  for (const link of links) {
    if (!owned.includes(link.parent)) throw new Error(`${link.table}: its parent ${link.parent} is not a tenant table`);
    const where = sql`t.${sql.ref(link.column)} in (select p.id from ${sql.table(link.parent)} p where p.tenant_id = ${tenantId})`;
    tables.push({ table: link.table, where, key: await primaryKey(db, link.table) });
  }
  return tables;
}
