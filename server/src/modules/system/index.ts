import type { FastifyInstance } from 'fastify';
import type { PermissionResolver } from '../../platform/auth/access.ts';
import { registerParamRoutes } from './param/routes.ts';

/** blade-system: the platform's administration resources. */
export function registerSystemModule(app: FastifyInstance, deps: { permissions: PermissionResolver }): void {
  registerParamRoutes(app, deps.permissions);
}
