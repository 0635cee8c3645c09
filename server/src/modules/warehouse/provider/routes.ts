import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { providerResource } from './resource.ts';

/** `/api/warehouse/provider`: list, page, detail, submit, remove. */
export function registerProviderRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: '/api/warehouse/provider',
    resource: providerResource,
    tag: 'warehouse/provider',
    routes: ['list', 'page', 'detail', 'submit', 'remove'],
  });
}
