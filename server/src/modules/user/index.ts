import type { FastifyInstance } from 'fastify';
import { registerUserRoutes } from './routes.ts';

/** blade-user: users and their accounts. */
export function registerUserModule(app: FastifyInstance): void {
  registerUserRoutes(app);
}
