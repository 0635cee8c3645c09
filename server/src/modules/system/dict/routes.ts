import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/dict/*` (being written). */
export function registerDictRoutes(_app: FastifyInstance): void {}
