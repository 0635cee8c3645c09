import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/post/*` (being written). */
export function registerPostRoutes(_app: FastifyInstance): void {}
