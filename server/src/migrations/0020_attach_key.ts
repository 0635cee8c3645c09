import { type Kysely, sql } from 'kysely';

/** A file's download finds its attach row (for the name it is saved as) by the object key. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index blade_attach_key on blade_attach (tenant_id, name)`.execute(db);
}
