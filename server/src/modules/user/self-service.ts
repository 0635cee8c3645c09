import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { checkPassword, hashPassword, md5Hex } from '../../platform/auth/passwords.ts';
import { answers } from '../../platform/http/envelope.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { findLoginUserById } from './account.ts';
import { selfInfoSchema } from './answers.ts';
import { userMessages as m } from './messages.ts';
import { withNames } from './queries.ts';
import { passwordChange, selfInput, typedPasswordChange } from './schema.ts';

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

/**
 * What every signed-in user may do to their own account: `info`, `update-info`, `update-password`.
 * `update-password` takes md5(typed) as the web client sends it, or, with `typedPasswords`
 * (SpringBlade's dialect), the passwords as typed.
 */
export function registerSelfServiceRoutes(app: FastifyInstance, options: { typedPasswords: boolean }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const asSent = (password: string) => (options.typedPasswords ? md5Hex(password) : password.toLowerCase());

  const info = { tags: ['user'], summary: "The caller's own account", response: answers(selfInfoSchema, 404) };
  api.get('/info', { config: { access: 'signedIn' }, schema: info }, async (request, reply) => {
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
  });

  api.post(
    '/update-info',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: "Changes the caller's own name, contact details, avatar or birthday",
        body: selfInput,
        response: answers(z.null(), 400),
      },
    },
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
    '/update-password',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: options.typedPasswords
          ? "Changes the caller's password (as typed; SpringBlade dialect); their other sessions end"
          : "Changes the caller's password (md5 of what was typed); their other sessions end",
        querystring: options.typedPasswords ? typedPasswordChange : passwordChange,
        response: answers(z.null(), 400, 404),
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = request.ctx.caller!;
      const { oldPassword, newPassword, newPassword1 } = request.query;
      if (newPassword !== newPassword1) throw badRequest(m['user.password.mismatch']);
      const [oldSent, newSent] = [asSent(oldPassword), asSent(newPassword)];
      await request.inTenant(async (trx) => {
        const user = await findLoginUserById(trx, tenantId, userId);
        if (!user) throw notFound();
        if (!(await checkPassword(user.password, oldSent)).ok) throw badRequest(m['user.password.wrongOld']);
        const hash = await hashPassword(newSent);
        await sql`update blade_user set password = ${hash}, update_time = now() where id = ${userId}`.execute(trx);
      });
      // Whoever knew the old password is signed out everywhere else; this session stays signed in.
      await app.platform.sessions.revokeUser(tenantId, userId, { keepSession: request.ctx.sessionId });
      request.logEvent({ logId: 'user.passwordChange', data: { userId } });
      return reply.ok(null);
    },
  );
}
