import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/api-scope/*` (being written). */
export function registerApiScopeRoutes(_app: FastifyInstance): void {}
