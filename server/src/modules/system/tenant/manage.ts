import { sql } from 'kysely';
import { hashPassword, md5Hex } from '../../../platform/auth/passwords.ts';
import { crudRepository, type Row } from '../../../platform/crud/repository.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/register.ts';
import { type Caller, PLATFORM_TENANT_ID } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { TENANT_ADMIN_ACCOUNT } from '../../user/tenant-admin.ts';
import { tenantPackageResource } from '../tenant-package/resource.ts';
import { clearDepartures } from './departures.ts';
import { tenantMessages as m } from './messages.ts';
import { holdMoveLocks } from './move/progress.ts';
import { tenantResource } from './resource.ts';
import type { TenantInput } from './schema.ts';
import { assertDomainFree, findTenantsByIds, isExpired, resolveTenant } from './service.ts';

const tenants = crudRepository(tenantResource);
const packages = crudRepository(tenantPackageResource);

/** Changes a tenant; the platform tenant may not be disabled (it would end every session, its own too). */
export async function updateTenant(trx: AnyTrx, caller: Caller, id: string, values: Partial<TenantInput>) {
  const tenant = await tenants.find(trx, caller, id);
  if (!tenant) throw notFound();
  if (tenant.tenantId === PLATFORM_TENANT_ID && values.status !== undefined && values.status !== 1) {
    throw badRequest(m['tenant.disable.platform']);
  }
  if (tenant.tenantId === PLATFORM_TENANT_ID && values.guestRegistration === 1) {
    throw badRequest(m['tenant.guestRegistration.platform']);
  }
  await assertDomainFree(trx, values.domain, id);
  return tenants.update(trx, caller, id, values);
}

/** The tenant codes of these tenant rows that are now closed (disabled or expired). */
export async function closedTenants(trx: AnyTrx, ids: string[]): Promise<string[]> {
  const tenants = await findTenantsByIds(trx, ids);
  return tenants.filter((t) => t.status !== 1 || isExpired(t)).map((t) => t.tenantId);
}

/**
 * Ends every session of these (closed) tenants, as their sign-ins and refreshes already are: a
 * token issued before the change must not outlive it.
 */
export const endSessions = (platform: Platform, tenantIds: string[]) =>
  Promise.all(tenantIds.map((tenantId) => platform.sessions.revokeTenant(tenantId)));

/**
 * Soft-deletes tenants (all or none; never 000000), disables their users and ends their sessions:
 * a token issued before the removal must not outlive the tenant. Then the `moved` fences they left in
 * other databases are deleted (departures.ts). Refused while one of them is being moved: the move
 * would switch a removed tenant, or put back a fence already cleared.
 */
export async function removeTenants(platform: Platform, caller: Caller, ids: string[]): Promise<void> {
  const { rows: named } = await sql<{ tenantId: string }>`
    select tenant_id as "tenantId" from blade_tenant where is_deleted = 0 and id in (${sql.join(ids)})`.execute(
    platform.db,
  );
  const locks = await holdMoveLocks(
    platform.store,
    named.map((t) => t.tenantId),
  );
  if ('busy' in locks) throw conflict(m['tenant.move.running'], { tenantId: locks.busy });
  try {
    const tenantIds = await softDeleteTenants(platform, caller, ids);
    platform.caches.clear();
    // the tenants are removed whatever this does: a database it cannot reach keeps its records, retried at start
    await clearDepartures(platform, tenantIds).catch(() => undefined);
  } finally {
    await locks.release();
  }
}

async function softDeleteTenants(platform: Platform, caller: Caller, ids: string[]): Promise<string[]> {
  const { users, tenantIds } = await platform.tenantDb.inAllTenants(async (trx) => {
    const { rows: found } = await sql<{ tenantId: string }>`
      select tenant_id as "tenantId" from blade_tenant where is_deleted = 0 and id in (${sql.join(ids)})`.execute(trx);
    if (found.some((t) => t.tenantId === PLATFORM_TENANT_ID)) throw badRequest(m['tenant.remove.platform']);
    await tenants.softDelete(trx, caller, ids);
    const { rows } = await sql<{ id: string; tenantId: string }>`
      update blade_user set status = 0, update_user = ${caller.userId}, update_time = now()
      where is_deleted = 0 and tenant_id in (${sql.join(found.map((t) => t.tenantId))})
      returning id, tenant_id as "tenantId"`.execute(trx);
    return { users: rows, tenantIds: found.map((t) => t.tenantId) };
  });
  await Promise.all(users.map((u) => platform.sessions.revokeUser(u.tenantId, String(u.id))));
  // the users of a tenant kept in another database are not in the main one: the whole tenant's
  // sessions end (and it can no longer sign in: it is removed)
  await Promise.all(tenantIds.map((tenantId) => platform.sessions.revokeTenant(tenantId)));
  return tenantIds;
}

/** The authorisation of several tenants at once; as in BladeX, a blank quota is unlimited and a blank expiry never. */
export async function applySetting(
  trx: AnyTrx,
  caller: Caller,
  setting: { ids: string[]; accountNumber?: number; expireTime?: string | null },
): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    select id from blade_tenant where is_deleted = 0 and id in (${sql.join(setting.ids)})`.execute(trx);
  const missing = setting.ids.filter((id) => !rows.some((r) => String(r.id) === id));
  if (missing.length) throw notFound('error.notFound.records', { ids: missing.join(',') });
  await sql`
    update blade_tenant set account_number = ${setting.accountNumber ?? -1}, expire_time = ${setting.expireTime ?? null},
      update_user = ${caller.userId}, update_time = now()
    where is_deleted = 0 and id in (${sql.join(setting.ids)})`.execute(trx);
}

/** The package of a tenant, or null when it has none (no limit). */
export async function packageOfTenant(trx: AnyTrx, caller: Caller, ref: string): Promise<Row | null> {
  const tenant = await resolveTenant(trx, ref);
  if (!tenant.packageId) return null;
  return (await packages.find(trx, caller, String(tenant.packageId))) ?? null;
}

export async function setPackage(trx: AnyTrx, caller: Caller, ref: string, packageId: string): Promise<void> {
  const tenant = await resolveTenant(trx, ref);
  if (!(await packages.find(trx, caller, packageId))) throw badRequest(m['tenant.package.notFound'], { packageId });
  await sql`update blade_tenant set package_id = ${packageId}, update_user = ${caller.userId}, update_time = now()
    where id = ${tenant.id}`.execute(trx);
}

/**
 * Sets the password of a tenant's `admin` (the platform's 用户管理 lists only its own users, so this
 * is how a tenant administrator who never knew or forgot it gets back in). Answers the user's id.
 */
export async function setTenantAdminPassword(trx: AnyTrx, caller: Caller, tenantId: string, password: string) {
  const { rows } = await sql<{ id: string }>`
    update blade_user set password = ${await hashPassword(md5Hex(password))}, update_user = ${caller.userId},
      update_time = now()
    where tenant_id = ${tenantId} and account = ${TENANT_ADMIN_ACCOUNT} and is_deleted = 0
    returning id`.execute(trx);
  if (!rows[0]) throw notFound(m['tenant.admin.notFound'], { tenantId });
  return String(rows[0].id);
}
