import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/client/*` (being written). */
export function registerClientRoutes(_app: FastifyInstance): void {}
