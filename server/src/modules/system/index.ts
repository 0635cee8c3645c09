import type { FastifyInstance } from 'fastify';
import type { PermissionResolver } from '../../platform/auth/access.ts';
import type { CacheRegistry } from '../../platform/caches.ts';
import type { TenantDb } from '../../platform/tenancy/tenant-db.ts';
import { roleGrants } from './access.ts';
import { registerParamRoutes } from './param/routes.ts';
import { registerTenantRoutes } from './tenant/routes.ts';

/** blade-system: the platform's administration resources. */
export function registerSystemModule(app: FastifyInstance): void {
  registerParamRoutes(app);
  registerTenantRoutes(app);
}

/** Permissions are the menus, buttons and scopes granted to roles: this module owns all of them. */
export const systemPermissions = (parts: { tenantDb: TenantDb; caches: CacheRegistry }): PermissionResolver =>
  roleGrants(parts.tenantDb, parts.caches);
