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
  /** `where` as SQL text, the tenant a literal: COPY takes no parameters. */
  filter: string;
  key: string[];
  /** The key columns' types, as a cast names them (`character(1)`, `bigint`): a batch's bounds are literals. */
  keyTypes: string[];
  /** The columns COPY sends and takes, in this order: every one but generated columns. */
  columns: string[];
  /** A link table: its rows are found through its parent's, so they are copied once every parent is. */
  link: boolean;
}

/** An identifier and a string as SQL text (standard-conforming strings, as session-settings.ts assumes). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

async function columnsOf(db: AnyDb | AnyTrx, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select attname as column from pg_attribute
    where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
    order by attnum`.execute(db);
  return rows.map((r) => r.column);
}

async function primaryKey(db: AnyDb | AnyTrx, table: string): Promise<{ column: string; type: string }[]> {
  const { rows } = await sql<{ column: string; type: string }>`
    select a.attname as column, format_type(a.atttypid, a.atttypmod) as type from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary
    order by array_position(i.indkey::int2[], a.attnum)`.execute(db);
  if (!rows.length) throw new Error(`${table} has no primary key: its rows cannot be moved in batches`);
  return rows;
}

/**
 * Every table a tenant's rows are in: those with the tenant policy, then the link tables reached
 * through them (deleted first, copied last: their rows are found through their parents).
 */
export async function movedTables(db: AnyDb, tenantId: string, links: readonly LinkTable[]): Promise<MovedTable[]> {
  const owned = await tenantOwnedTables(db);
  const tables: MovedTable[] = [];
  const described = async (table: string, filter: string, link = false): Promise<MovedTable> => {
    const key = await primaryKey(db, table);
    const columns = await columnsOf(db, table);
    return {
      table,
      where: sql.raw(filter),
      filter,
      key: key.map((k) => k.column),
      keyTypes: key.map((k) => k.type),
      columns,
      link,
    };
  };
  for (const table of owned) tables.push(await described(table, `t.tenant_id = ${literal(tenantId)}`));
  for (const link of links) {
    if (!owned.includes(link.parent)) throw new Error(`${link.table}: its parent ${link.parent} is not a tenant table`);
    const filter = `t.${ident(link.column)} in (select p.id from ${ident(link.parent)} p where p.tenant_id = ${literal(tenantId)})`;
    tables.push(await described(link.table, filter, true));
  }
  return tables;
}
