import { type Kysely, sql } from 'kysely';

/**
 * The warehouse's version triggers (0026) skip the tenant mover's rows before they are queued
 * (issue 24, a faster move). They are deferred row triggers: each row a COPY writes queued an event
 * that ran `wh_count_change` at commit only to return at once for the mover (0030), ~20 % of the
 * time of writing 332k flow rows. A `when` condition is evaluated as the row is written, and an
 * event it refuses is never queued; `tenant_move_allowed()` is a SQL function, inlined there. A later
 * versioned table's trigger should be made with the same condition.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ trigger: string; table: string }>`
    select t.tgname as trigger, c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgfoid = 'wh_count_change'::regproc and not t.tgisinternal`.execute(db);
  for (const { trigger, table } of rows) {
    await sql`drop trigger ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
    await sql`
      create constraint trigger ${sql.id(trigger)}
      after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred
      for each row when (not tenant_move_allowed()) execute function wh_count_change()`.execute(db);
  }
}
