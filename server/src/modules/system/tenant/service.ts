import { sql } from 'kysely';
import { PLATFORM_TENANT_ID } from '../../../platform/tenancy/context.ts';
import type { AnyDb, AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

export interface TenantRow {
  tenantId: string;
  tenantName: string;
  domain: string | null;
  backgroundUrl: string | null;
  accountNumber: number;
  expireTime: Date | null;
  packageId: string | null;
  status: number;
}

const columns = sql`tenant_id as "tenantId", tenant_name as "tenantName", domain, background_url as "backgroundUrl",
  account_number as "accountNumber", expire_time as "expireTime", package_id as "packageId", status`;

/** A live tenant by its 6-character id. */
export async function findTenant(db: AnyDb | AnyTrx, tenantId: string): Promise<TenantRow | undefined> {
  const { rows } = await sql<TenantRow>`
    select ${columns} from blade_tenant where tenant_id = ${tenantId} and is_deleted = 0`.execute(db);
  return rows[0];
}

export async function findTenantByDomain(db: AnyDb | AnyTrx, domain: string): Promise<TenantRow | undefined> {
  const { rows } = await sql<TenantRow>`
    select ${columns} from blade_tenant where domain = ${domain} and is_deleted = 0 limit 1`.execute(db);
  return rows[0];
}

/** Expired tenants may not sign in; the platform tenant never expires. */
export function isExpired(tenant: TenantRow, now = new Date()): boolean {
  return tenant.tenantId !== PLATFORM_TENANT_ID && tenant.expireTime !== null && tenant.expireTime < now;
}
