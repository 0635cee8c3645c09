import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';
import { AUDIT_COLUMNS } from './columns.ts';

/**
 * SMS configurations of a tenant (BladeX blade_sms, issue 19): the provider (the `sms` dictionary),
 * its template, keys (the secret sealed) and sign name. `status` 2 is the enabled configuration, at
 * most one live per tenant (the exclusion constraint). Beyond the original: `app_id` (Tencent's
 * SmsSdkAppId, which its API 3.0 needs) and `endpoint` (the provider's address, when not its default).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_sms (
      id bigint primary key,
      tenant_id varchar(12) not null,
      category int not null,
      sms_code varchar(32) not null,
      template_id varchar(64) not null,
      access_key varchar(255),
      secret_key text not null,
      region_id varchar(32),
      sign_name varchar(64),
      app_id varchar(64),
      endpoint varchar(255),
      remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index blade_sms_code on blade_sms (tenant_id, sms_code) where is_deleted = 0`.execute(db);
  // One enabled row per tenant, checked at the end of enable's one statement (platform/crud/enable-one.ts).
  await sql`
    alter table blade_sms add constraint blade_sms_enabled
      exclude using btree (tenant_id with =) where (status = 2 and is_deleted = 0) deferrable initially immediate`.execute(
    db,
  );
  await enableTenantIsolation(db, 'blade_sms');
}
