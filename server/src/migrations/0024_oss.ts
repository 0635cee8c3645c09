import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';
import { nextId } from '../platform/db/snowflake.ts';
import { AUDIT_COLUMNS } from './columns.ts';

/**
 * Object storage configurations (issue 19; BladeX blade_oss): a tenant's S3-compatible buckets, at most
 * one enabled (status 2) at a time, which a partial exclusion constraint holds even against two
 * concurrent enables. Attachments record the configuration they were written to (null: the local disk), so their
 * links keep reading from there after another is enabled.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_oss (
      id bigint primary key,
      tenant_id varchar(12) not null,
      category int not null,
      oss_code varchar(32) not null,
      endpoint varchar(255),
      access_key varchar(255),
      secret_key text,
      bucket_name varchar(63),
      app_id varchar(255),
      region varchar(64),
      remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index blade_oss_code on blade_oss (tenant_id, oss_code) where is_deleted = 0`.execute(db);
  // One enabled row per tenant, as a partial unique rule. Not a unique index: those are checked row by
  // row, so the one-statement swap of `enable` would fail whenever the new row came before the old one;
  // a deferrable exclusion constraint is checked once the statement has rewritten every row.
  await sql`
    alter table blade_oss add constraint blade_oss_enabled
      exclude using btree (tenant_id with =) where (status = 2 and is_deleted = 0) deferrable initially immediate`.execute(
    db,
  );
  await enableTenantIsolation(db, 'blade_oss');

  // The stored-file route finds a key's attachment (and so its store) by name: index 0020_attach_key.
  await sql`alter table blade_attach add column oss_id bigint`.execute(db);

  // The local disk as a category of its own (5), so a tenant can enable it again; new installations
  // get it from the seed's dictionaries, existing ones here.
  await sql`
    insert into blade_dict (id, parent_id, code, dict_key, dict_value, sort)
    select ${nextId()}, id, 'oss', '5', '本地磁盘', 5 from blade_dict
    where code = 'oss' and dict_key = '-1' and is_deleted = 0
    on conflict do nothing`.execute(db);
}
