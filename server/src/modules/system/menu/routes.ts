import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/menu/*` (being written). */
export function registerMenuRoutes(_app: FastifyInstance): void {}
