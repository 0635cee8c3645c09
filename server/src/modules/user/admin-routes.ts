import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { recordSchema } from '../../platform/crud/answers.ts';
import { scopeOf } from '../../platform/crud/data-scope.ts';
import { crudRepository } from '../../platform/crud/repository.ts';
import { nextId } from '../../platform/db/snowflake.ts';
import { answers } from '../../platform/http/envelope.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { choice, int, optional, withDefault } from '../../platform/http/fields.ts';
import { idListSchema, idSchema } from '../../platform/http/ids.ts';
import { loginFailures } from '../auth/login-failures.ts';
import { readParam } from '../system/param/service.ts';
import { accountsOf } from './account.ts';
import { platformDetailSchema, shortUsersSchema } from './answers.ts';
import { USER_PENDING } from './guest.ts';
import { userMessages as m } from './messages.ts';
import { missingIds, withNames } from './queries.ts';
import { userResource } from './resource.ts';
import { assertAssignableRoles } from './role-assignment.ts';
import { resetPasswords } from './service.ts';
import { userTargets } from './targets.ts';

/** Administration of other users' accounts: reset-password, grant, unlock, platform settings, allUserList. */
export function registerUserAdminRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.platform;
  const failures = loginFailures(app.platform.db);
  const resource = userResource(sessions);
  const users = crudRepository(resource);
  const targets = userTargets(app);

  api.post(
    '/reset-password',
    {
      config: { access: { permission: 'user_reset' } },
      schema: {
        tags: ['user'],
        summary: "Resets users' passwords to the initial one (account.initPassword); their sessions end",
        querystring: z.object({ userIds: idListSchema }),
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const initial = await readParam(app.platform.db, 'account.initPassword', '123456');
      const reset = await targets.actOn(request, request.query.userIds, (trx) =>
        resetPasswords(trx, caller, request.query.userIds, initial),
      );
      const missing = request.query.userIds.filter((id) => !reset.includes(id));
      if (missing.length) throw notFound('error.notFound.records', { ids: missing.join(',') });
      await Promise.all(reset.map((id) => sessions.revokeUser(caller.tenantId, id)));
      request.logEvent({ logId: 'user.passwordReset', level: 'warn', data: { userIds: reset } });
      return reply.ok(null);
    },
  );

  api.post(
    '/grant',
    {
      config: { access: { permission: 'user_role' } },
      schema: {
        tags: ['user'],
        summary: 'Gives users these roles (replacing theirs); their sessions end',
        querystring: z.object({ userIds: idListSchema, roleIds: idListSchema }),
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = request.ctx.caller!;
      const { userIds, roleIds } = request.query;
      await targets.actOn(request, userIds, async (trx) => {
        const unknownRoles = await missingIds(trx, 'blade_role', tenantId, roleIds);
        if (unknownRoles.length) throw badRequest(m['user.unknownRoles'], { ids: unknownRoles.join(',') });
        await assertAssignableRoles(trx, request.ctx.caller!, roleIds, userIds);
        const { rows } = await sql<{ id: string }>`
          update blade_user set role_id = ${roleIds.join(',')}, update_user = ${userId}, update_time = now()
          where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(userIds)}) returning id`.execute(trx);
        const missing = userIds.filter((id) => !rows.some((r) => String(r.id) === id));
        if (missing.length) throw notFound('error.notFound.records', { ids: missing.join(',') });
      });
      // Their tokens carry the old roles.
      await Promise.all(userIds.map((id) => sessions.revokeUser(tenantId, id)));
      request.logEvent({ logId: 'user.roleGrant', data: { userIds, roleIds } });
      return reply.ok(null);
    },
  );

  api.post(
    '/unlock',
    {
      config: { access: { permission: 'user_unlock' } },
      schema: {
        tags: ['user'],
        summary: 'Unlocks accounts locked by failed sign-ins',
        querystring: z.object({ userIds: idListSchema }),
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const { tenantId } = request.ctx.caller!;
      const accounts = await targets.actOn(request, request.query.userIds, (trx) =>
        accountsOf(trx, tenantId, request.query.userIds),
      );
      await Promise.all(accounts.map((u) => failures.unlock(tenantId, u.account)));
      request.logEvent({ logId: 'user.unlock', data: { accounts: accounts.map((u) => u.account) } });
      return reply.ok(null);
    },
  );

  // A registered guest's approval: their account opens (roles come from `grant`, as for anyone).
  api.post(
    '/approve',
    {
      config: { access: { permission: 'user_edit' } },
      schema: {
        tags: ['user'],
        summary: 'Approves registered guests: their accounts open',
        querystring: z.object({ userIds: idListSchema }),
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = request.ctx.caller!;
      const { userIds } = request.query;
      await targets.actOn(request, userIds, async (trx) => {
        const { rows } = await sql<{ id: string }>`
          update blade_user set status = 1, update_user = ${userId}, update_time = now()
          where tenant_id = ${tenantId} and is_deleted = 0 and status = ${USER_PENDING} and id in (${sql.join(userIds)})
          returning id`.execute(trx);
        const approved = new Set(rows.map((r) => String(r.id)));
        const others = userIds.filter((id) => !approved.has(id));
        if (others.length) throw badRequest(m['user.approve.notPending'], { ids: others.join(',') });
      });
      return reply.ok(null);
    },
  );

  const platformQuery = z.object({ userId: idSchema, userType: withDefault(int(1, 3), 1) });
  // BladeX binds a User (`platformDetail(User user)`), so its Saber sends the user as `id` (ours sends `userId`)
  // and no userType: the user's own then
  const platformDetailQuery = z
    .object({ userId: optional(idSchema), id: optional(idSchema), userType: optional(choice(1, 3)) })
    .refine((q) => q.userId ?? q.id, { path: ['userId'], error: m['user.userId.required'] })
    .transform(({ userId, id, userType }) => ({ userId: (userId ?? id)!, userType }));
  api.get(
    '/platform-detail',
    {
      config: { access: { permission: ['user', 'user_platform'] } },
      schema: {
        tags: ['user'],
        summary: "A user's detail with their settings of one platform (userType, by default the user's own)",
        querystring: platformDetailQuery,
        response: answers(platformDetailSchema(recordSchema(resource)), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { userId, userType } = request.query;
      await targets.assertVisible(request, [userId]);
      // BladeX's UserVO, as `detail` answers it, with the platform's type (its name too) and extension
      const found = await request.inTenant(async (trx) => {
        const user = await users.find(trx, caller, userId);
        if (!user) return undefined;
        const type = userType ?? Number(user.userType);
        const { rows } = await sql<{ userExt: string | null }>`
          select user_ext as "userExt" from blade_user_platform where user_id = ${userId} and user_type = ${type}`.execute(
          trx,
        );
        const [decorated] = await withNames(trx, caller.tenantId, [{ ...user, userType: type }]);
        return { ...decorated, userType: type, userExt: rows[0]?.userExt ?? '' };
      });
      if (!found) throw notFound();
      return reply.ok(found);
    },
  );

  api.post(
    '/update-platform',
    {
      config: { access: { permission: 'user_platform' } },
      schema: {
        tags: ['user'],
        summary: "Sets a user's settings of one platform (userType, userExt)",
        querystring: platformQuery.extend({ userExt: z.string().max(255).default('') }),
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { userId, userType, userExt } = request.query;
      await targets.actOn(request, [userId], async (trx) => {
        if (!(await users.find(trx, caller, userId))) throw notFound();
        await sql`insert into blade_user_platform (id, tenant_id, user_id, user_type, user_ext)
          values (${nextId()}, ${caller.tenantId}, ${userId}, ${userType}, ${userExt})
          on conflict (user_id, user_type) do update set user_ext = excluded.user_ext`.execute(trx);
        await sql`update blade_user set user_type = ${userType}, update_time = now() where id = ${userId}`.execute(trx);
      });
      return reply.ok(null);
    },
  );

  api.get(
    '/allUserList',
    {
      config: { access: { permission: resource.permissions.read } },
      schema: {
        tags: ['user'],
        summary: 'The users of the user list (holding roleId when given), short, by account',
        querystring: z.object({ roleId: optional(idSchema) }),
        response: answers(shortUsersSchema, 400, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { roleId } = request.query;
      // The user list's rows (tenant and data scope), in their short form.
      const scope = await scopeOf(app.platform.permissions, resource, caller);
      const rows = await request.inTenant(async (trx) => {
        const { rows } = await sql<Record<string, unknown>>`
          select id, account, name, real_name as "realName", role_id as "roleId", dept_id as "deptId" from blade_user
          where id in (${users.matchingIds(trx, caller, {}, scope)})
            ${roleId ? sql`and ${roleId} = any(string_to_array(role_id, ','))` : sql``}
          order by account limit 10000`.execute(trx);
        return rows;
      });
      return reply.ok(rows);
    },
  );
}
