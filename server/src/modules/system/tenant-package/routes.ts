import type { FastifyInstance } from 'fastify';

/** `/api/blade-system/tenant-package/*` (being written). */
export function registerTenantPackageRoutes(_app: FastifyInstance): void {}
