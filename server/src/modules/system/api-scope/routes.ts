import type { FastifyInstance } from 'fastify';
import { registerScopeRoutes } from '../data-scope/scopes.ts';
import { apiScopeResource } from './resource.ts';

/** `/api/blade-system/api-scope`: list, detail, submit, save, update, remove (BladeX ApiScopeController). */
export function registerApiScopeRoutes(app: FastifyInstance): void {
  registerScopeRoutes(app, {
    prefix: '/api/blade-system/api-scope',
    tag: 'system/api-scope',
    resource: apiScopeResource,
  });
}
