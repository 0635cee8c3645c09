import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';
import { AUDIT_COLUMNS } from './columns.ts';

/** Attachments (BladeX blade_attach): one row per uploaded file; `name` is its object-store key. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_attach (
      id bigint primary key,
      tenant_id varchar(12) not null,
      link varchar(1000) not null,
      domain varchar(500) not null,
      name varchar(500) not null,
      original_name varchar(500) not null,
      extension varchar(12),
      attach_size bigint not null,
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create index blade_attach_tenant on blade_attach (tenant_id, create_time)`.execute(db);
  await enableTenantIsolation(db, 'blade_attach');
}
