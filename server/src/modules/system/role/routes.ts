import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/role/*` (being written). */
export function registerRoleRoutes(_app: FastifyInstance): void {}
