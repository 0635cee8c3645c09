import type { FastifyInstance } from 'fastify';
import { registerDashboardRoutes } from './dashboard/routes.ts';
import { registerNoticeRoutes } from './notice/routes.ts';
import { registerLeaveRoutes } from './process/leave/routes.ts';

/**
 * blade-desk: the desk's notices, the dashboard's figures and the desk's processes (the leave
 * request). The warehouse's own notices (stock alerts) live with the warehouse.
 */
export function registerDeskModule(app: FastifyInstance): void {
  registerNoticeRoutes(app);
  registerDashboardRoutes(app);
  registerLeaveRoutes(app);
}

export { installLeaveProcess, LEAVE_CATEGORY, LEAVE_KEY } from './process/leave/install.ts';
