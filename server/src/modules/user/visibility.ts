import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopeOf } from '../../platform/crud/data-scope.ts';
import { crudRepository } from '../../platform/crud/repository.ts';
import { notFound } from '../../platform/http/errors.ts';
import { userResource } from './resource.ts';

/**
 * Routes outside the user CRUD that name users by id (their roles, depts, platform settings, a
 * password reset) see and touch only the users the caller's data scope shows in the user list; any
 * other id answers 404, as the list's detail does. One's own account is always visible.
 */
export function userVisibility(app: FastifyInstance) {
  const resource = userResource(app.platform.sessions);
  const users = crudRepository(resource);
  return async function assertUsersVisible(request: FastifyRequest, userIds: readonly string[]): Promise<void> {
    const caller = request.ctx.caller!;
    const others = userIds.filter((id) => id !== caller.userId);
    if (others.length === 0) return;
    // Resolved before the transaction: the scope is read on a connection of its own.
    const scope = await scopeOf(app.platform.permissions, resource, caller);
    const found = await request.inTenant((trx) =>
      users.matchingIds(trx, caller, {}, scope).where('id', 'in', others).execute(),
    );
    const missing = others.filter((id) => !found.some((r) => String(r.id) === id));
    if (missing.length) throw notFound('error.notFound.records', { ids: missing.join(',') });
  };
}
