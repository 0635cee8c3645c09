import type { FastifyInstance } from 'fastify';
import { dataScopeResource } from './resource.ts';
import { registerScopeRoutes } from './scopes.ts';

/** `/api/blade-system/data-scope`: list, detail, submit, save, update, remove (BladeX DataScopeController). */
export function registerDataScopeRoutes(app: FastifyInstance): void {
  registerScopeRoutes(app, {
    prefix: '/api/blade-system/data-scope',
    tag: 'system/data-scope',
    resource: dataScopeResource,
  });
}
