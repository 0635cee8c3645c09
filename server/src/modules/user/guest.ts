import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { hashPassword, md5Hex } from '../../platform/auth/passwords.ts';
import { nextId } from '../../platform/db/snowflake.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { readParam } from '../system/param/service.ts';
import { findTenant } from '../system/tenant/service.ts';
import { userMessages as m } from './messages.ts';
import { guestRegistration } from './schema.ts';

/** A guest's account until an administrator approves it: not disabled, so sign-in can say so. */
export const USER_PENDING = 2;

/**
 * `POST /api/blade-user/register-guest` (public): an account awaiting approval (status 2), without
 * roles, that an administrator approves (`approve`) and grants roles. Closed unless `account.registerUser` is true.
 */
export function registerGuestRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/blade-user/register-guest',
    {
      config: { access: 'public', rateLimit: { max: 10, windowMs: 60_000 } },
      schema: { tags: ['user'], body: guestRegistration },
    },
    async (request, reply) => {
      const { tenantId, name, account, password, oauthId } = request.body;
      if ((await readParam(app.platform.db, 'account.registerUser', 'false')) !== 'true')
        throw badRequest(m['user.register.closed']);
      if (!(await findTenant(app.platform.db, tenantId))) throw badRequest(m['user.register.tenant']);
      const hash = await hashPassword(md5Hex(password));
      await app.platform.tenantDb.inTenant(tenantId, async (trx) => {
        const taken =
          await sql`select 1 from blade_user where tenant_id = ${tenantId} and account = ${account} and is_deleted = 0`.execute(
            trx,
          );
        if (taken.rows.length) throw conflict(m['user.account.exists'], { account });
        const id = nextId();
        await sql`insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, status)
          values (${id}, ${tenantId}, ${account}, ${hash}, ${name}, ${name.slice(0, 10)}, '', '', ${USER_PENDING})`.execute(
          trx,
        );
        if (oauthId) {
          await sql`insert into blade_user_oauth (id, tenant_id, uuid, user_id, username, nickname)
            values (${nextId()}, ${tenantId}, ${oauthId}, ${id}, ${account.slice(0, 32)}, ${name})`.execute(trx);
        }
      });
      return reply.ok(null);
    },
  );
}
