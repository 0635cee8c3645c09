import type { FastifyInstance } from 'fastify';
import { registerClientErrorRoute } from './client-errors.ts';
import { registerLogListRoutes } from './list/routes.ts';
import { registerOnlineRoutes } from './online/routes.ts';
import { scheduleLogRetention } from './retention.ts';

export { type LoginResult, loginResultOf, recordLoginAttempt } from './login/record.ts';
export { accountsSignedInSince } from './login/sign-ins.ts';
export { endSession, recordSession, type SessionStart } from './online/sessions.ts';

/** blade-log: the api, error, usual and login logs, the live sessions, and the logs' retention. */
export function registerLogModule(app: FastifyInstance): void {
  registerClientErrorRoute(app);
  registerLogListRoutes(app);
  registerOnlineRoutes(app);
  scheduleLogRetention(app);
}
