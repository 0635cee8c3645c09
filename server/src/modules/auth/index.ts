import type { FastifyInstance } from 'fastify';
import './messages.ts';
import { loginFailures } from './login-failures.ts';
import { registerAuthRoutes } from './routes.ts';

export { loginFailures } from './login-failures.ts';

/** blade-auth: the token endpoint and the session calls. */
export function registerAuthModule(app: FastifyInstance): void {
  registerAuthRoutes(app, app.platform, loginFailures(app.platform.db));
}
