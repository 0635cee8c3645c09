import type { FastifyInstance } from 'fastify';
import type { PermissionResolver } from '../../platform/auth/access.ts';
import type { CacheRegistry } from '../../platform/caches.ts';
import type { TenantDb } from '../../platform/tenancy/tenant-db.ts';
import { roleGrants } from './access.ts';
import { registerApiScopeRoutes } from './api-scope/routes.ts';
import { registerClientRoutes } from './client/routes.ts';
import { registerDataScopeRoutes } from './data-scope/routes.ts';
import { registerDeptRoutes } from './dept/routes.ts';
import { registerDictRoutes } from './dict/routes.ts';
import { registerDictBizRoutes } from './dict-biz/routes.ts';
import { registerMenuRoutes } from './menu/routes.ts';
import { registerParamRoutes } from './param/routes.ts';
import { registerPostRoutes } from './post/routes.ts';
import { registerRegionRoutes } from './region/routes.ts';
import { registerRoleRoutes } from './role/routes.ts';
import { registerSearchRoutes } from './search/routes.ts';
import { clearDeparturesAtStart } from './tenant/departures.ts';
import { registerTenantRoutes } from './tenant/routes.ts';
import { registerTenantPackageRoutes } from './tenant-package/routes.ts';
import { registerTopMenuRoutes } from './topmenu/routes.ts';

/** blade-system: the platform's administration resources. */
export function registerSystemModule(app: FastifyInstance, options: { tenantMoveBatchRows?: number } = {}): void {
  registerParamRoutes(app);
  registerTenantRoutes(app, { moveBatchRows: options.tenantMoveBatchRows ?? 50_000 });
  clearDeparturesAtStart(app);
  registerRoleRoutes(app);
  registerMenuRoutes(app);
  registerTopMenuRoutes(app);
  registerDeptRoutes(app);
  registerPostRoutes(app);
  registerRegionRoutes(app);
  registerTenantPackageRoutes(app);
  registerClientRoutes(app);
  registerDictRoutes(app);
  registerDictBizRoutes(app);
  registerDataScopeRoutes(app);
  registerApiScopeRoutes(app);
  registerSearchRoutes(app);
}

/** Permissions are the menus, buttons and scopes granted to roles: this module owns all of them. */
export const systemPermissions = (parts: { tenantDb: TenantDb; caches: CacheRegistry }): PermissionResolver =>
  roleGrants(parts.tenantDb, parts.caches);
