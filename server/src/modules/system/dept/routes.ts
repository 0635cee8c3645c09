import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/dept/*` (being written). */
export function registerDeptRoutes(_app: FastifyInstance): void {}
