import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/dict-biz/*` (being written). */
export function registerDictBizRoutes(_app: FastifyInstance): void {}
