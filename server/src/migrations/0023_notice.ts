import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';
import { AUDIT_COLUMNS } from './columns.ts';

/**
 * The desk's notices (BladeX blade_notice, issue 20): a title, a category of the `notice` dictionary
 * (1 to 6), a release time and the content, sanitized HTML (the original's editor writes rich text).
 * `text` rather than the original's varchar(2000): HTML markup and the escaping of plain text make
 * the stored form longer than what was typed; the input's length is checked by the API instead.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_notice (
      id bigint primary key,
      tenant_id varchar(12) not null,
      title varchar(255) not null,
      category int not null,
      release_time timestamptz not null,
      content text,
      ${AUDIT_COLUMNS}
    )`.execute(db);
  // The list's default order and the home page's latest released ones: newest release first, read backward.
  await sql`create index blade_notice_release on blade_notice (tenant_id, release_time, id)
    where is_deleted = 0`.execute(db);
  await enableTenantIsolation(db, 'blade_notice');
}
