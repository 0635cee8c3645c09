import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/topmenu/*` (being written). */
export function registerTopMenuRoutes(_app: FastifyInstance): void {}
