import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { faceimgResource } from './resource.ts';

/** `/api/warehouse/faceimg`: list, page, detail, submit (computes the face descriptor), remove. */
export function registerFaceimgRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: '/api/warehouse/faceimg',
    resource: faceimgResource,
    tag: 'warehouse/faceimg',
    routes: ['list', 'page', 'detail', 'submit', 'remove'],
  });
}
