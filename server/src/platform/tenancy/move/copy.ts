import { pipeline } from 'node:stream/promises';
import type { PostgresPoolClient } from 'kysely';
import { sql } from 'kysely';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { sessionSettingsOf } from '../../db/session-settings.ts';
import { tableChecksum } from '../../db/table-copy.ts';
import type { AnyDb } from '../tenant-db.ts';
import { asMover, moverSettings } from './fence.ts';
import { ident, type MovedTable } from './tables.ts';

/** A pooled connection that also takes pg's submittable queries (the COPY streams). */
type Client = PostgresPoolClient & { query<S extends object>(stream: S): S };

/** An owner connection of `db` outside Kysely, which cannot send COPY. PGlite never takes part in a move. */
async function ownerClient(db: AnyDb): Promise<Client> {
  const settings = sessionSettingsOf(db);
  if (!settings) throw new Error('a tenant moves between PostgreSQL databases only');
  return (await settings.ownerClient()) as Client;
}

/**
 * The mover's transaction (as `asMover`): the tenant's rows, past its fence and the ledger's rules.
 * Reading, a batch's bound is found by walking the primary key in order, never by sorting what is
 * left: a table just filled by a move has no statistics yet, and its planner sorted the whole rest
 * of the table for every batch (45 s instead of 8 for 332k flow rows moved back at once).
 */
const beginAsMover = (client: Client, tenantId: string, reading: boolean) =>
  client.query(
    `begin; select ${moverSettings(tenantId)}${reading ? ", set_config('enable_sort', 'off', true)" : ''}`,
    [],
  );

const keyRow = (t: MovedTable) => `(${t.key.map((c) => `t.${ident(c)}`).join(', ')})`;

/** The tenant's rows of `t` past the key `after` and up to `upTo` (both row literals; null: no bound). */
const range = (t: MovedTable, after: string | null, upTo: string | null) =>
  [t.filter, after && `${keyRow(t)} > ${after}`, upTo && `${keyRow(t)} <= ${upTo}`].filter(Boolean).join(' and ');

/**
 * The key of the `rows`-th row past `after` in key order, as a row of typed literals (the server
 * quotes its own values, read back in the same session); null when fewer rows remain. An index-only
 * range of the primary key, however deep into the table.
 */
async function boundary(client: Client, t: MovedTable, after: string | null, rows: number): Promise<string | null> {
  const { rows: found } = await client.query(
    `select ${t.key.map((c, i) => `quote_literal(t.${ident(c)}::text) as k${i}`).join(', ')} from ${ident(t.table)} t
     where ${range(t, after, null)} order by ${t.key.map((c) => `t.${ident(c)}`).join(', ')} offset ${rows - 1} limit 1`,
    [],
  );
  const key = found[0] as Record<string, string> | undefined;
  if (!key) return null;
  return `(${t.keyTypes.map((type, i) => `${key[`k${i}`]}::${type}`).join(', ')})`;
}

/**
 * One batch: the tenant's rows of `t` past `after`, at most `rows` of them, streamed by COPY in
 * PostgreSQL's binary format from the source into the target (no row is parsed here; every type
 * arrives as it left), then committed in the target. Answers the rows written and where the next starts.
 */
async function copyBatch(
  from: Client,
  to: Client,
  tenantId: string,
  t: MovedTable,
  after: string | null,
  rows: number,
) {
  await beginAsMover(from, tenantId, true);
  const upTo = await boundary(from, t, after, rows);
  await beginAsMover(to, tenantId, false);
  const columns = t.columns.map(ident);
  const out = from.query(
    copyTo(
      `copy (select ${columns.map((c) => `t.${c}`).join(', ')} from ${ident(t.table)} t where ${range(t, after, upTo)})
       to stdout (format binary)`,
    ),
  );
  const into = to.query(copyFrom(`copy ${ident(t.table)} (${columns.join(', ')}) from stdin (format binary)`));
  await pipeline(out, into);
  await to.query('commit', []);
  await from.query('commit', []);
  return { written: into.rowCount, next: upTo };
}

/**
 * Copies the tenant's rows of one table, `batchRows` at a time, each batch committed on its own (a
 * failed move deletes what was copied: `deleteRows`) and reported (progress moves during a large table).
 */
export async function copyTable(
  source: AnyDb,
  target: AnyDb,
  tenantId: string,
  t: MovedTable,
  batchRows: number,
  copied: (rows: number) => Promise<void>,
): Promise<void> {
  const [from, to] = await Promise.allSettled([ownerClient(source), ownerClient(target)]);
  if (from.status === 'rejected' || to.status === 'rejected') {
    if (from.status === 'fulfilled') from.value.release();
    if (to.status === 'fulfilled') to.value.release();
    throw from.status === 'rejected' ? from.reason : (to as PromiseRejectedResult).reason;
  }
  let whole = false;
  try {
    let after: string | null = null;
    do {
      const batch = await copyBatch(from.value, to.value, tenantId, t, after, batchRows);
      if (batch.written) await copied(batch.written);
      after = batch.next;
    } while (after);
    whole = true;
  } finally {
    // a connection left inside a COPY or a transaction is closed, never handed to another caller
    from.value.release(!whole);
    to.value.release(!whole);
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

/** Refreshes the planner's statistics of these tables in a database (after a move filled them). */
export async function analyzeTables(db: AnyDb, tables: MovedTable[]): Promise<void> {
  for (const t of tables) await sql`analyze ${sql.table(t.table)}`.execute(db);
}
