import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../platform/crud/routes.ts';
import { registerUnderPrefixes } from '../../platform/http/aliases.ts';
import { registerUserAdminRoutes } from './admin-routes.ts';
import { registerUserExcelRoutes } from './excel-routes.ts';
import { registerGuestRoute } from './guest.ts';
import { userResource } from './resource.ts';
import { registerUserSearchRoutes } from './search-routes.ts';
import { registerSelfServiceRoutes } from './self-service.ts';

/** BladeX's prefix of the user module. */
export const USER_PREFIX = '/api/blade-user';
/** SpringBlade's (its Saber client calls `/blade-system/user/*`). */
export const SPRINGBLADE_USER_PREFIX = '/api/blade-system/user';

/**
 * The BladeX UserController at `/api/blade-user/*`, and the same routes at SpringBlade's
 * `/api/blade-system/user/*`. One difference: SpringBlade's `update-password` takes the passwords
 * as typed, BladeX's their md5.
 */
export function registerUserRoutes(app: FastifyInstance): void {
  registerUnderPrefixes(app, [USER_PREFIX, SPRINGBLADE_USER_PREFIX], (scoped, prefix) => {
    registerCrudRoutes(scoped, {
      prefix: '',
      resource: userResource(scoped.platform.sessions),
      tag: 'user',
      routes: ['list', 'page', 'detail', 'submit', 'update', 'remove'],
    });
    registerUserAdminRoutes(scoped);
    registerSelfServiceRoutes(scoped, { typedPasswords: prefix === SPRINGBLADE_USER_PREFIX });
    registerGuestRoute(scoped);
    registerUserExcelRoutes(scoped);
    registerUserSearchRoutes(scoped);
  });
}
