import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { materialsCodeResource } from './resource.ts';

/** `/api/warehouse/materialscode`: list, page, detail, submit, remove. */
export function registerMaterialsCodeRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: '/api/warehouse/materialscode',
    resource: materialsCodeResource,
    tag: 'warehouse/materialscode',
    routes: ['list', 'page', 'detail', 'submit', 'remove'],
  });
}
