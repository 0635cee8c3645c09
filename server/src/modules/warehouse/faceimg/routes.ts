import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { faceImgResource } from './resource.ts';

/** `/api/warehouse/faceimg`: list and page of persons (for the pickers; the rest comes with the kiosk). */
export function registerFaceImgRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: '/api/warehouse/faceimg',
    resource: faceImgResource,
    tag: 'warehouse/faceimg',
    routes: ['list', 'page'],
  });
}
