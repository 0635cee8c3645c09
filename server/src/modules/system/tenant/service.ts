import { sql } from 'kysely';
import { conflict, notFound } from '../../../platform/http/errors.ts';
import { type Caller, isPlatformAdministrator, PLATFORM_TENANT_ID } from '../../../platform/tenancy/context.ts';
import type { AnyDb, AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { tenantMessages as m } from './messages.ts';

export interface TenantRow {
  tenantId: string;
  tenantName: string;
  domain: string | null;
  backgroundUrl: string | null;
  accountNumber: number;
  expireTime: Date | null;
  packageId: string | null;
  status: number;
  /** 1 when guests may register in the tenant. */
  guestRegistration: number;
}

const columns = sql`tenant_id as "tenantId", tenant_name as "tenantName", domain, background_url as "backgroundUrl",
  account_number as "accountNumber", expire_time as "expireTime", package_id as "packageId", status,
  guest_registration as "guestRegistration"`;

/** A live tenant by its 6-character id. */
export async function findTenant(db: AnyDb | AnyTrx, tenantId: string): Promise<TenantRow | undefined> {
  const { rows } = await sql<TenantRow>`
    select ${columns} from blade_tenant where tenant_id = ${tenantId} and is_deleted = 0`.execute(db);
  return rows[0];
}

/** Live tenants by their record ids. */
export async function findTenantsByIds(db: AnyDb | AnyTrx, ids: string[]): Promise<TenantRow[]> {
  const { rows } = await sql<TenantRow>`
    select ${columns} from blade_tenant where id in (${sql.join(ids)}) and is_deleted = 0`.execute(db);
  return rows;
}

export async function findTenantByDomain(db: AnyDb | AnyTrx, domain: string): Promise<TenantRow | undefined> {
  const { rows } = await sql<TenantRow>`
    select ${columns} from blade_tenant where domain = ${domain} and is_deleted = 0 limit 1`.execute(db);
  return rows[0];
}

/**
 * The tenants a screen's tenant column and select show (BladeX `tenant/select`): every live tenant
 * for the platform administrator, else the caller's own. Names only, never a tenant's settings.
 */
export async function tenantChoices(
  db: AnyDb | AnyTrx,
  caller: Caller,
): Promise<{ id: string; tenantId: string; tenantName: string }[]> {
  const own = isPlatformAdministrator(caller) ? sql`` : sql`and tenant_id = ${caller.tenantId}`;
  const { rows } = await sql<{ id: string; tenantId: string; tenantName: string }>`
    select id, tenant_id as "tenantId", tenant_name as "tenantName" from blade_tenant
    where is_deleted = 0 ${own} order by tenant_id`.execute(db);
  return rows;
}

/** Expired tenants may not sign in; the platform tenant never expires. */
export function isExpired(tenant: TenantRow, now = new Date()): boolean {
  return tenant.tenantId !== PLATFORM_TENANT_ID && tenant.expireTime !== null && tenant.expireTime < now;
}

/** A live tenant named by its record id or by its tenant id (BladeX's screens send either, by endpoint). */
export async function resolveTenant(
  trx: AnyTrx,
  ref: string,
): Promise<{ id: string; tenantId: string; packageId: string | null }> {
  const { rows } = await sql<{ id: string; tenantId: string; packageId: string | null }>`
    select id, tenant_id as "tenantId", package_id as "packageId" from blade_tenant
    where is_deleted = 0 and (tenant_id = ${ref} or cast(id as text) = ${ref})`.execute(trx);
  if (!rows[0]) throw notFound(m['tenant.notFound'], { tenantId: ref });
  return rows[0];
}

/** Two tenants on one domain would make the login page's tenant lookup a guess. */
export async function assertDomainFree(trx: AnyTrx, domain: string | null | undefined, exceptId?: string) {
  if (!domain) return;
  const { rows } = await sql<{ tenantName: string }>`
    select tenant_name as "tenantName" from blade_tenant
    where is_deleted = 0 and domain = ${domain} and id <> ${exceptId ?? '0'} limit 1`.execute(trx);
  if (rows[0]) throw conflict(m['tenant.domain.exists'], { domain, tenantName: rows[0].tenantName });
}
