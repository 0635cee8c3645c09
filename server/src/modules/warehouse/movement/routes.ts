import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { movementResource } from './resource.ts';

/** `/api/warehouse/movement`: the stock ledger (list, page, detail), filtered by device, material, kind, time. */
export function registerMovementRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: '/api/warehouse/movement',
    resource: movementResource,
    tag: 'warehouse/movement',
    routes: ['list', 'page', 'detail'],
  });
}
