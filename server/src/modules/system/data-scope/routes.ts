import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/data-scope/*` (being written). */
export function registerDataScopeRoutes(_app: FastifyInstance): void {}
