import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { hashPassword, md5Hex } from '../../platform/auth/passwords.ts';
import { nextId } from '../../platform/db/snowflake.ts';
import { answers } from '../../platform/http/envelope.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { updateOf } from '../../platform/http/fields.ts';
import { PLATFORM_TENANT_ID } from '../../platform/tenancy/context.ts';
import type { AnyDb, AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { readParam } from '../system/param/service.ts';
import { findTenant, isExpired } from '../system/tenant/service.ts';
import { userMessages as m } from './messages.ts';
import { insertLink, oauthLinkMessages as links, type OAuthIdentity, readTicket, spendTicket } from './oauth-links.ts';
import { guestRegistration } from './schema.ts';

/** The registration's fields wherever they come from; the merged ones are checked as one registration. */
const guestFields = updateOf(guestRegistration).loose();

/** A guest's account until an administrator approves it: not disabled, so sign-in can say so. */
export const USER_PENDING = 2;

/**
 * Whether guests may register in the tenant: the installation allows it (`account.registerUser`) and
 * the tenant enabled it; never the platform tenant. An unknown tenant answers as a closed one.
 */
async function registrationOpen(db: AnyDb, tenantId: string): Promise<boolean> {
  if (tenantId === PLATFORM_TENANT_ID) return false;
  if ((await readParam(db, 'account.registerUser', 'false')) !== 'true') return false;
  const tenant = await findTenant(db, tenantId);
  return Boolean(tenant && tenant.status === 1 && !isExpired(tenant) && tenant.guestRegistration === 1);
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * `POST /api/blade-user/register-guest` (public): an account awaiting approval (status 2), without
 * roles, that an administrator approves (`approve`) and grants roles; only in a tenant that opened
 * registration. A taken account answers as a new one (nothing is written): the answer never tells
 * which accounts exist, and costs the same password hash either way.
 */
export function registerGuestRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/register-guest',
    {
      config: { access: 'public', rateLimit: { max: 10, windowMs: 60_000 } },
      // BladeX binds the user's fields from the query, a form or JSON alike (`registerGuest(User user, Long oauthId)`).
      schema: {
        tags: ['user'],
        summary: 'Registers a guest account awaiting approval (fields in the query, a form or JSON)',
        querystring: guestFields,
        body: guestFields.nullish(),
        response: answers(z.null(), 400),
      },
    },
    async (request, reply) => {
      const { tenantId, name, account, password, oauthId } = guestRegistration.parse({
        ...request.query,
        ...request.body,
      });
      if (!(await registrationOpen(app.platform.db, tenantId))) throw badRequest(m['user.register.closed']);
      const { store } = app.platform;
      const ticket = oauthId ? await readTicket(store, oauthId, tenantId) : undefined;
      if (oauthId && !ticket) throw badRequest(links['user.oauth.ticket']);
      const hash = await hashPassword(md5Hex(password));
      const written = await app.platform.tenantDb
        .inTenant(tenantId, (trx) => insertGuest(trx, { tenantId, name, account, hash, identity: ticket?.identity }))
        .catch((error: unknown) => {
          if (!isUniqueViolation(error)) throw error; // registered at the same moment: taken all the same
          return false;
        });
      // spent by the link it made; a taken account made none, so another account may still take it
      if (oauthId && written) await spendTicket(store, oauthId);
      return reply.ok(null);
    },
  );
}

/** The guest's rows (and the third-party account's link), unless the account is taken. */
async function insertGuest(
  trx: AnyTrx,
  guest: { tenantId: string; name: string; account: string; hash: string; identity?: OAuthIdentity },
): Promise<boolean> {
  const { tenantId, name, account, hash, identity } = guest;
  const taken =
    await sql`select 1 from blade_user where tenant_id = ${tenantId} and account = ${account} and is_deleted = 0`.execute(
      trx,
    );
  if (taken.rows.length) return false;
  const id = nextId();
  await sql`insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, status)
          values (${id}, ${tenantId}, ${account}, ${hash}, ${name}, ${name.slice(0, 10)}, '', '', ${USER_PENDING})`.execute(
    trx,
  );
  // linked meanwhile (another registration with the same ticket): refused, and the guest with it
  if (identity && !(await insertLink(trx, tenantId, id, identity))) throw badRequest(links['user.oauth.linkedOther']);
  return true;
}
