import { type Kysely, sql } from 'kysely';

/**
 * Indexes behind uniqueness rules the services check, so that two writers at once still cannot
 * both succeed; and room for a tenant package that holds every menu.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index blade_role_alias on blade_role (tenant_id, role_alias) where is_deleted = 0`.execute(
    db,
  );
  await sql`create unique index blade_top_menu_code on blade_top_menu (tenant_id, code) where is_deleted = 0`.execute(
    db,
  );
  await sql`create unique index blade_tenant_domain on blade_tenant (domain) where is_deleted = 0 and domain is not null`.execute(
    db,
  );
  await sql`alter table blade_tenant_package alter column menu_id type text`.execute(db);
}
