import type { FastifyInstance } from 'fastify';
import { registerClientErrorRoute } from './client-errors.ts';

/** blade-log: what the server and the web client log (the log screens arrive with their issue). */
export function registerLogModule(app: FastifyInstance): void {
  registerClientErrorRoute(app);
}
