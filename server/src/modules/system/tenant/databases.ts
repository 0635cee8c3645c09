import { sql } from 'kysely';
import type { Sealer } from '../../../platform/auth/sealed-secrets.ts';
import type { TenantDatabaseSource } from '../../../platform/tenancy/tenant-databases.ts';
import type { AnyDb } from '../../../platform/tenancy/tenant-db.ts';
import { storedSource, targetOf } from '../../develop/datasource/connection.ts';

/**
 * The platform's tables that a tenant database holds a copy of (platform/db/table-copy.ts): its
 * tenants' requests join them with their own rows (menus with role grants, dictionaries, the
 * tenant's own row). Never the secrets (clients, datasources, the installation's settings), never
 * the revocations and sign-in guards: those are read from the main database only.
 */
export const PLATFORM_COPIES = [
  'blade_tenant',
  'blade_tenant_package',
  'blade_menu',
  'blade_dict',
  'blade_param',
  'blade_region',
  'blade_scope_api',
  'blade_scope_data',
] as const;

/** A PostgreSQL URL from a datasource's parts (each escaped; an IPv6 host in brackets). */
function urlOf(target: { host: string; port: number; database: string; user: string; password: string }) {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  const e = encodeURIComponent;
  return `postgres://${e(target.user)}:${e(target.password)}@${host}:${target.port}/${e(target.database)}`;
}

/** Tenants bound to a datasource (the tenant screen's 数据源) are kept in its database. */
export const tenantDatabaseSource = (db: AnyDb, sealer: Sealer): TenantDatabaseSource => ({
  async bindings() {
    const { rows } = await sql<{ tenantId: string; datasourceId: string }>`
      select tenant_id as "tenantId", datasource_id as "datasourceId" from blade_tenant
      where datasource_id is not null and is_deleted = 0`.execute(db);
    return new Map(rows.map((r) => [r.tenantId, String(r.datasourceId)]));
  },
  async connection(key) {
    const source = await storedSource(db, key);
    // a datasource removed under a bound tenant: its database cannot be found, so it is down
    if (!source) return { name: key, url: 'postgres://removed.invalid/none' };
    return { name: source.name, url: urlOf(targetOf(source, sealer)) };
  },
});
