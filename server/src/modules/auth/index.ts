import type { FastifyInstance } from 'fastify';
import './messages.ts';
import './sso/messages.ts';
import type { Sm2KeyPair } from '../../platform/auth/sm2.ts';
import { loginFailures } from './login-failures.ts';
import { registerAuthRoutes } from './routes.ts';
import './social/messages.ts';
import { registerSocialRoutes } from './social/routes.ts';
import { registerSpringBladeAuthRoutes } from './springblade.ts';
import { registerSsoRoutes } from './sso/routes.ts';

export { loginFailures } from './login-failures.ts';

/** blade-auth: the token endpoint and the session calls, in BladeX's dialect and in SpringBlade's. */
export function registerAuthModule(app: FastifyInstance, options: { sm2Keys: Sm2KeyPair }): void {
  const grant = registerAuthRoutes(app, app.platform, loginFailures(app.platform.db));
  registerSpringBladeAuthRoutes(app, app.platform, grant, options.sm2Keys);
  registerSsoRoutes(app, app.platform);
  registerSocialRoutes(app);
}
