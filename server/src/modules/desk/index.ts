import type { FastifyInstance } from 'fastify';
import { registerLeaveRoutes } from './process/leave/routes.ts';

/** blade-desk: the desk's processes (the leave request). Notices live with the warehouse. */
export function registerDeskModule(app: FastifyInstance): void {
  registerLeaveRoutes(app);
}

export { installLeaveProcess, LEAVE_CATEGORY, LEAVE_KEY } from './process/leave/install.ts';
