import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { tenantPackageResource } from './resource.ts';

/** `/api/blade-system/tenant-package`: list, detail, submit, save, update, remove, select (BladeX TenantPackageController). */
export function registerTenantPackageRoutes(app: FastifyInstance): void {
  app.register(async (scope) => {
    // A package limits every role of its tenants: once a change is committed (the handler has
    // answered), the cached permissions are stale.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'POST' && reply.statusCode === 200) app.platform.caches.clear();
      return payload;
    });
    registerCrudRoutes(scope, {
      prefix: '/api/blade-system/tenant-package',
      resource: tenantPackageResource,
      tag: 'system/tenant-package',
      routes: ['list', 'detail', 'submit', 'save', 'update', 'remove'],
    });
  });
}
