import type { FastifyInstance } from 'fastify';
import { registerDatasourceRoutes } from './datasource/routes.ts';

/** blade-develop: datasources (and, later, the code generator). */
export function registerDevelopModule(app: FastifyInstance): void {
  registerDatasourceRoutes(app);
}
