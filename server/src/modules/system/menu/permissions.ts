import { sql } from 'kysely';
import type { PermissionResolver } from '../../../platform/auth/access.ts';
import type { CacheRegistry } from '../../../platform/caches.ts';
import { type Caller, isPlatformAdministrator, PLATFORM_TENANT_ID } from '../../../platform/tenancy/context.ts';
import type { TenantDb } from '../../../platform/tenancy/tenant-db.ts';

const CACHE_MS = 30_000;

/**
 * Permission codes come from the role-menu grants of the caller's live roles, limited to the menus
 * of the tenant's package (the platform tenant has no package limit). The platform administrator
 * holds every code. Answers are cached per tenant and role set for 30 s, and cleared by clear-cache.
 */
export function grantedPermissions(tenantDb: TenantDb, caches: CacheRegistry): PermissionResolver {
  const cache = new Map<string, { codes: Set<string>; until: number }>();
  caches.register(() => cache.clear());

  async function codesOf(caller: Caller): Promise<Set<string>> {
    const key = `${caller.tenantId}:${[...caller.roleIds].sort().join(',')}`;
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.codes;
    const codes = await tenantDb.inTenant(caller.tenantId, async (trx) => {
      if (caller.roleIds.length === 0) return new Set<string>();
      const { rows } = await sql<{ code: string }>`
        select distinct m.code from blade_role_menu rm
        join blade_role r on r.id = rm.role_id and r.is_deleted = 0 and r.tenant_id = ${caller.tenantId}
        join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
        left join blade_tenant t on t.tenant_id = ${caller.tenantId} and t.is_deleted = 0
        left join blade_tenant_package p on p.id = t.package_id and p.is_deleted = 0
        where rm.role_id in (${sql.join(caller.roleIds)})
          and (${caller.tenantId} = ${PLATFORM_TENANT_ID} or p.id is null
               or m.id::text = any(string_to_array(p.menu_id, ',')))`.execute(trx);
      return new Set(rows.map((r) => r.code));
    });
    cache.set(key, { codes, until: Date.now() + CACHE_MS });
    return codes;
  }

  return {
    async hasAny(caller, codes) {
      if (isPlatformAdministrator(caller)) return true;
      const granted = await codesOf(caller);
      return codes.some((code) => granted.has(code));
    },
  };
}
