import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../platform/crud/routes.ts';
import { registerUserAdminRoutes } from './admin-routes.ts';
import { registerUserExcelRoutes } from './excel-routes.ts';
import { registerGuestRoute } from './guest.ts';
import { userResource } from './resource.ts';
import { registerSelfServiceRoutes } from './self-service.ts';

/** `/api/blade-user/*`: the BladeX UserController. */
export function registerUserRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: '/api/blade-user',
    resource: userResource(app.platform.sessions),
    tag: 'user',
    routes: ['list', 'page', 'detail', 'submit', 'update', 'remove'],
  });
  registerUserAdminRoutes(app);
  registerSelfServiceRoutes(app);
  registerGuestRoute(app);
  registerUserExcelRoutes(app);
}
