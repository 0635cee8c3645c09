import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { storesOf } from '../oss/stores.ts';
import { attachResource } from './resource.ts';

/** `/api/blade-resource/attach`: list, page, detail, submit (rename), remove (BladeX AttachController). */
export function registerAttachRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: '/api/blade-resource/attach',
    resource: attachResource(storesOf(app.platform), app.platform.tenantDb),
    tag: 'resource/attach',
    routes: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],
  });
}
