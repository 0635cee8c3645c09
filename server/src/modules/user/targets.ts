import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopeOf } from '../../platform/crud/data-scope.ts';
import { crudRepository } from '../../platform/crud/repository.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { userResource } from './resource.ts';
import { assertUsersWithinReach } from './role-assignment.ts';

/**
 * Routes outside the user CRUD that name users by id (their roles, depts, platform settings, a
 * password reset) see and touch only the users the caller's data scope shows in the user list; any
 * other id answers 404, as the list's detail does. One's own account is always visible. `actOn`
 * adds the reach rule for actions: the CRUD's edit and removal get both from the factory.
 */
export function userTargets(app: FastifyInstance) {
  const resource = userResource(app.platform.sessions);
  const users = crudRepository(resource);

  async function assertVisible(request: FastifyRequest, userIds: readonly string[]): Promise<void> {
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
  }

  /** Runs an action on users in the caller's tenant, once each is visible to the caller and within their reach. */
  async function actOn<T>(
    request: FastifyRequest,
    userIds: readonly string[],
    work: (trx: AnyTrx) => Promise<T>,
  ): Promise<T> {
    await assertVisible(request, userIds);
    return request.inTenant(async (trx) => {
      await assertUsersWithinReach(trx, request.ctx.caller!, userIds);
      return work(trx);
    });
  }

  return { assertVisible, actOn };
}
