import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { materialsTypeResource } from './resource.ts';

/** `/api/warehouse/materialstype`: list, page, detail, submit, remove, listTree (and the lazy tree). */
export function registerMaterialsTypeRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: '/api/warehouse/materialstype',
    resource: materialsTypeResource,
    tag: 'warehouse/materialstype',
    routes: ['list', 'page', 'detail', 'submit', 'remove', 'listTree', 'lazy-tree'],
  });
}
