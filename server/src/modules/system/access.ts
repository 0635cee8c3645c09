import type { PermissionResolver } from '../../platform/auth/access.ts';
import type { CacheRegistry } from '../../platform/caches.ts';
import { isPlatformAdministrator } from '../../platform/tenancy/context.ts';
import type { TenantDb } from '../../platform/tenancy/tenant-db.ts';
import { grantedCodes } from './menu/permissions.ts';
import { cachedPerRoles } from './role-cache.ts';
import { allowedPathPrefixes } from './scope/api-scope.ts';
import { resolveDataScope } from './scope/data-scope.ts';

/**
 * What a caller may do and see, from the grants of their roles: permission codes (role-menu),
 * API scopes and data scopes (role-scope). The platform administrator holds everything.
 */
export function roleGrants(tenantDb: TenantDb, caches: CacheRegistry): PermissionResolver {
  const inTenant = <T>(tenantId: string, work: Parameters<TenantDb['inTenant']>[1]) =>
    tenantDb.inTenant(tenantId, work) as Promise<T>;
  const codes = cachedPerRoles(caches, (caller) =>
    inTenant<Set<string>>(caller.tenantId, (trx) => grantedCodes(trx, caller)),
  );
  const prefixes = cachedPerRoles(caches, (caller) =>
    inTenant<string[] | null>(caller.tenantId, (trx) => allowedPathPrefixes(trx, caller)),
  );
  const scopes = cachedPerRoles(caches, (caller, key) =>
    tenantDb.inTenant(caller.tenantId, (trx) => resolveDataScope(trx, caller, key.split(':')[0] ?? '')),
  );

  return {
    async hasAny(caller, wanted) {
      if (isPlatformAdministrator(caller)) return true;
      const granted = await codes(caller);
      return wanted.some((code) => granted.has(code));
    },
    async allowsPath(caller, path) {
      if (isPlatformAdministrator(caller)) return true;
      const allowed = await prefixes(caller);
      // A prefix covers itself and what lies below it, not a sibling that shares its letters.
      return !allowed || allowed.some((prefix) => path === prefix || path.startsWith(`${prefix.replace(/\/$/, '')}/`));
    },
    async dataScope(caller, resource) {
      if (isPlatformAdministrator(caller)) return 'all';
      // Own and dept rules hold the caller's ids: the answer is the caller's, not the role set's.
      return scopes(caller, `${resource}:${caller.userId}:${caller.deptIds.join(',')}`);
    },
  };
}
