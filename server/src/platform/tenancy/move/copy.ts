import { sql } from 'kysely';
import { tableChecksum } from '../../db/table-copy.ts';
import type { AnyDb } from '../tenant-db.ts';
import { asMover } from './fence.ts';
import type { MovedTable } from './tables.ts';

interface Batch {
  n: number;
  /** The rows as a JSON array, as PostgreSQL wrote them: never parsed here. */
  rows: string;
  /** The last row's key as a JSON object, where the next batch starts. */
  last: string | null;
}

const keyList = (key: string[]) => sql.join(key.map((c) => sql.ref(`t.${c}`)));

/**
 * One batch of the tenant's rows past `last`, in key order (keyset paging: each batch an index range,
 * however large the table). Rows go as jsonb both ways, so every type (timestamps to the microsecond,
 * numerics, jsonb, arrays, bytea) arrives as it left, and no row is held here as an object.
 */
async function readBatch(source: AnyDb, tenantId: string, t: MovedTable, last: string | null, limit: number) {
  const after = last
    ? sql`and (${keyList(t.key)}) > (select ${sql.join(t.key.map((c) => sql.ref(c)))}
            from jsonb_populate_record(null::${sql.table(t.table)}, ${last}::jsonb))`
    : sql``;
  return asMover(source, tenantId, async (trx) => {
    const { rows } = await sql<Batch>`
      with b as (
        select * from ${sql.table(t.table)} t where ${t.where} ${after} order by ${keyList(t.key)} limit ${limit})
      select count(*)::int as n, coalesce(jsonb_agg(to_jsonb(b)), '[]')::text as rows,
        (select to_jsonb(k)::text from (select ${sql.join(t.key.map((c) => sql.ref(c)))} from b
          order by ${sql.join(t.key.map((c) => sql`${sql.ref(c)} desc`))} limit 1) k) as last
      from b`.execute(trx);
    return rows[0]!;
  });
}

const writeBatch = (target: AnyDb, tenantId: string, table: string, rows: string) =>
  asMover(target, tenantId, (trx) =>
    sql`insert into ${sql.table(table)} select * from jsonb_populate_recordset(null::${sql.table(table)}, ${rows}::jsonb)`.execute(
      trx,
    ),
  );

/**
 * Copies the tenant's rows of one table, a batch at a time (the next read while the last is written),
 * each batch committed on its own: a failed move deletes what was copied (`deleteRows`).
 */
export async function copyTable(
  source: AnyDb,
  target: AnyDb,
  tenantId: string,
  t: MovedTable,
  batchRows: number,
  copied: (rows: number) => Promise<void>,
): Promise<void> {
  let next: Promise<Batch> | null = readBatch(source, tenantId, t, null, batchRows);
  while (next) {
    const batch: Batch = await next;
    if (batch.n === 0) break;
    next = batch.n < batchRows ? null : readBatch(source, tenantId, t, batch.last, batchRows);
    // a read failing while the write runs is met at the next await: never left unhandled
    next?.catch(() => undefined);
    await writeBatch(target, tenantId, t.table, batch.rows);
    await copied(batch.n);
  }
}

/** The tenant's rows of a table in a database. */
export async function countRows(db: AnyDb, tenantId: string, t: MovedTable): Promise<number> {
  return asMover(db, tenantId, async (trx) => {
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(t.table)} t where ${t.where}`.execute(trx);
    return Number(rows[0]?.n ?? 0);
  });
}

/** Deletes the tenant's rows of these tables in a database, in one transaction (all or none). */
export async function deleteRows(db: AnyDb, tenantId: string, tables: MovedTable[]): Promise<void> {
  await asMover(db, tenantId, async (trx) => {
    // links first: their rows are found through their parents
    for (const t of [...tables].reverse()) {
      await sql`delete from ${sql.table(t.table)} t where ${t.where}`.execute(trx);
    }
  });
}

/** The tenant's rows of a table as a count and a checksum (equal on both sides: the same rows). */
export const checksumRows = (db: AnyDb, tenantId: string, t: MovedTable) =>
  asMover(db, tenantId, (trx) => tableChecksum(trx, t.table, t.where));
