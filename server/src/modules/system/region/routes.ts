import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/region/*` (being written). */
export function registerRegionRoutes(_app: FastifyInstance): void {}
