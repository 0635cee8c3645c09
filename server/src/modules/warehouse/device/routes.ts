import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { deviceResource } from './resource.ts';

/** `/api/blade-warehouse/device`: list, page, detail, submit, remove, listTree (and the lazy tree). */
export function registerDeviceRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: '/api/blade-warehouse/device',
    resource: deviceResource,
    tag: 'warehouse/device',
    routes: ['list', 'page', 'detail', 'submit', 'remove', 'listTree', 'lazy-tree'],
  });
}
