import type { FastifyInstance } from 'fastify';
import { registerCodeRoutes } from './code/routes.ts';
import { registerDatasourceRoutes } from './datasource/routes.ts';

/** blade-develop: datasources and the code generator. */
export function registerDevelopModule(app: FastifyInstance): void {
  registerDatasourceRoutes(app);
  registerCodeRoutes(app);
}
