import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { checkPassword, hashPassword } from '../../platform/auth/passwords.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { findLoginUserById } from './account.ts';
import { userMessages as m } from './messages.ts';
import { withNames } from './queries.ts';
import { passwordChange, selfInput } from './schema.ts';

const SELF_COLUMNS = sql`id, tenant_id as "tenantId", code, user_type as "userType", account, name, real_name as "realName",
  avatar, email, phone, birthday, sex, role_id as "roleId", dept_id as "deptId", post_id as "postId", status`;

const columnOf: Record<string, string> = {
  name: 'name',
  realName: 'real_name',
  email: 'email',
  phone: 'phone',
  avatar: 'avatar',
  sex: 'sex',
  birthday: 'birthday',
};

/** What every signed-in user may do to their own account: `info`, `update-info`, `update-password`. */
export function registerSelfServiceRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/blade-user/info',
    { config: { access: 'signedIn' }, schema: { tags: ['user'] } },
    async (request, reply) => {
      const { tenantId, userId } = request.ctx.caller!;
      const user = await request.inTenant(async (trx) => {
        const { rows } = await sql<Record<string, unknown>>`
        select ${SELF_COLUMNS} from blade_user where tenant_id = ${tenantId} and id = ${userId} and is_deleted = 0`.execute(
          trx,
        );
        return rows[0] && (await withNames(trx, tenantId, rows))[0];
      });
      if (!user) throw notFound();
      return reply.ok(user);
    },
  );

  api.post(
    '/api/blade-user/update-info',
    { config: { access: 'signedIn' }, schema: { tags: ['user'], body: selfInput } },
    async (request, reply) => {
      const { tenantId, userId } = request.ctx.caller!;
      const changes = Object.entries(request.body).filter(([, v]) => v !== undefined);
      if (changes.length === 0) return reply.ok(null);
      const sets = changes.map(([k, v]) => sql`${sql.ref(columnOf[k] ?? k)} = ${v}`);
      await request.inTenant((trx) =>
        sql`update blade_user set ${sql.join(sets)}, update_user = ${userId}, update_time = now()
            where tenant_id = ${tenantId} and id = ${userId} and is_deleted = 0`.execute(trx),
      );
      return reply.ok(null);
    },
  );

  api.post(
    '/api/blade-user/update-password',
    { config: { access: 'signedIn' }, schema: { tags: ['user'], querystring: passwordChange } },
    async (request, reply) => {
      const { tenantId, userId } = request.ctx.caller!;
      const { oldPassword, newPassword, newPassword1 } = request.query;
      if (newPassword !== newPassword1) throw badRequest(m['user.password.mismatch']);
      await request.inTenant(async (trx) => {
        const user = await findLoginUserById(trx, tenantId, userId);
        if (!user) throw notFound();
        if (!(await checkPassword(user.password, oldPassword.toLowerCase())).ok)
          throw badRequest(m['user.password.wrongOld']);
        const hash = await hashPassword(newPassword.toLowerCase());
        await sql`update blade_user set password = ${hash}, update_time = now() where id = ${userId}`.execute(trx);
      });
      // Whoever knew the old password is signed out everywhere else; this session stays signed in.
      await app.platform.sessions.revokeUser(tenantId, userId, { keepSession: request.ctx.sessionId });
      request.logEvent({ logId: 'user.passwordChange', data: { userId } });
      return reply.ok(null);
    },
  );
}
