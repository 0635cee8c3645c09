import type { FastifyInstance } from 'fastify';
import { registerFollowRoutes } from './follow/routes.ts';
import { registerManagerRoutes } from './manager/routes.ts';
import { registerModelRoutes } from './model/routes.ts';
import { registerProcessRoutes } from './process/routes.ts';
import { registerWorkRoutes } from './work/routes.ts';

/**
 * blade-flow: BPMN models, deployments, running processes and the work lists. Our own tables are the
 * truth; bpmn-engine computes each step inside the transaction that locks the instance (see
 * runtime/ and engine/). Other modules start processes for their records and hear how they end
 * through the functions exported here.
 */
export function registerFlowModule(app: FastifyInstance): void {
  registerModelRoutes(app);
  registerManagerRoutes(app);
  registerFollowRoutes(app);
  registerProcessRoutes(app);
  registerWorkRoutes(app);
}

export { assertInstanceVisible, WORK_MENUS } from './access.ts';
export { type FlowBusiness, type FlowOutcome, registerFlowBusiness } from './business.ts';
export { deployFiles, latestDefinitionId } from './definitions.ts';
export { historyFlowList } from './history.ts';
export { instanceEnded } from './runtime/instances.ts';
export { deleteInstance } from './runtime/remove.ts';
export { startProcess } from './runtime/start.ts';
