import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { forbidden, notFound } from '../../../platform/http/errors.ts';
import { optional } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { userTargets } from '../../user/targets.ts';
import { roleRowSchema } from './answers.ts';

/**
 * `GET /api/blade-system/role/select?userId=`: the roles a user holds, for the role switch. Anyone
 * may ask for their own; asking for another user of the tenant needs the role or user codes, and
 * a user the caller's data scope shows.
 */
export function registerRoleSelectRoute(app: FastifyInstance): void {
  const users = userTargets(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/blade-system/role/select',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['system/role'],
        summary: "A user's roles (the caller's own unless userId names another: then role or user rights)",
        querystring: z.object({ userId: optional(idSchema) }),
        response: answers(z.array(roleRowSchema), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const userId = request.query.userId ?? caller.userId;
      if (userId !== caller.userId && !(await app.platform.permissions.hasAny(caller, ['role', 'user', 'user_role']))) {
        throw forbidden();
      }
      await users.assertVisible(request, [userId]);
      const roles = await request.inTenant(async (trx) => {
        const { rows } = await sql<{ roleIds: string | null }>`
          select role_id as "roleIds" from blade_user where tenant_id = ${caller.tenantId} and id = ${userId} and is_deleted = 0`.execute(
          trx,
        );
        if (!rows[0]) return undefined;
        const ids = (rows[0].roleIds ?? '').split(',').filter(Boolean);
        if (ids.length === 0) return [];
        const found = await sql<Record<string, unknown>>`
          select id, parent_id as "parentId", role_name as "roleName", role_alias as "roleAlias", sort from blade_role
          where tenant_id = ${caller.tenantId} and is_deleted = 0 and id in (${sql.join(ids)}) order by sort, id`.execute(
          trx,
        );
        return found.rows;
      });
      if (!roles) throw notFound();
      return reply.ok(roles);
    },
  );
}
