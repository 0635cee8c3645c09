import { type RawBuilder, sql } from 'kysely';
import { type AnyDb, type AnyTrx, APP_ROLE } from '../tenancy/tenant-db.ts';

const BATCH = 500;

/**
 * A table's rows (those `where` picks) as a count and an order-free checksum: equal on two databases,
 * equal rows. The checksum is the sum of each row's md5 (its first 64 bits), so no sort: sorting the
 * md5s to join them in order took ~40 % of a move's verification (1.3 s against 0.8 s for 332k rows).
 * A row missing, changed or doubled changes the sum unless 64 bits of md5 happen to cancel out.
 */
export async function tableChecksum(
  db: AnyDb | AnyTrx,
  table: string,
  where: RawBuilder<unknown> = sql`true`,
): Promise<{ rows: number; checksum: string }> {
  const { rows } = await sql<{ rows: string; checksum: string }>`
    select count(*) as rows, coalesce(sum(('x' || left(md5(t::text), 16))::bit(64)::bigint::numeric), 0)::text as checksum
    from ${sql.table(table)} t where ${where}`.execute(db);
  return { rows: Number(rows[0]?.rows ?? 0), checksum: rows[0]?.checksum ?? '' };
}

/** Inserts rows in batches; the columns are the rows' own. */
export async function insertRows(trx: AnyTrx, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/**
 * Makes these tables of `target` hold what they hold in `source`, each in one transaction, copying
 * only those whose checksum differs; the application role may then only read them there (`readOnly`:
 * after migrations, which grant it every table). For the
 * platform's own tables in a tenant database (the menu catalogue, dictionaries, tenants…): requests
 * of its tenants join them with their rows, and only the main database's are written.
 */
export async function mirrorTables(
  source: AnyDb,
  target: AnyDb,
  tables: readonly string[],
  options: { readOnly: boolean } = { readOnly: true },
): Promise<string[]> {
  const copied: string[] = [];
  for (const table of tables) {
    const [from, to] = await Promise.all([tableChecksum(source, table), tableChecksum(target, table)]);
    if (from.checksum !== to.checksum || from.rows !== to.rows) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(source);
      await target.transaction().execute(async (trx) => {
        await sql`lock table ${sql.table(table)} in exclusive mode`.execute(trx);
        await sql`delete from ${sql.table(table)}`.execute(trx);
        await insertRows(trx, table, rows);
      });
      copied.push(table);
    }
    // a write there would be lost at the next copy: let it fail instead (migrations grant every table)
    if (options.readOnly)
      await sql`revoke insert, update, delete, truncate on ${sql.table(table)} from ${sql.id(APP_ROLE)}`.execute(
        target,
      );
  }
  return copied;
}
