import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { isReachable } from '../db/database.ts';
import { translate } from '../i18n/i18n.ts';
import type { SharedStore } from '../store/store.ts';
import type { TenantDatabases } from '../tenancy/tenant-databases.ts';
import type { AnyDb } from '../tenancy/tenant-db.ts';
import { answers, envelope } from './envelope.ts';
import type { Dependency } from './unavailable.ts';

// A dependency that does not answer within this counts as down: health itself must answer fast.
const CHECK_TIMEOUT_MS = 3000;

function within(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.catch(() => false), late]).finally(() => clearTimeout(timer));
}

const state = z.enum(['up', 'down']);
const healthSchema = z.object({
  status: state,
  database: state,
  store: state.describe('Redis, or the in-process store'),
  tenantDatabases: z
    .array(z.object({ name: z.string(), status: state }))
    .optional()
    .describe('The databases tenants are bound to, by datasource name (PostgreSQL only)'),
});

/**
 * `GET /api/health`: public; each dependency as up or down. 200 when all are up, else 503 with a
 * message naming the ones down. A tenant database that is down is named in the message but keeps
 * the answer 200: only its own tenants are affected, and a load balancer must not take the
 * instance away from every other tenant.
 */
export function registerHealth(
  app: FastifyInstance,
  db: AnyDb,
  store: SharedStore,
  tenantDatabases: TenantDatabases | null,
): void {
  // typed as a plain schema: the 503 answer is sent by hand
  const schema: FastifySchema = {
    tags: ['platform'],
    summary: 'Whether the server and what it depends on are up (503 names what is down)',
    response: answers(healthSchema, 503),
  };
  app.get('/api/health', { config: { access: 'public' }, schema }, async (request, reply) => {
    const [database, shared, tenants] = await Promise.all([
      within(isReachable(db)),
      within(store.reachable()),
      tenantDatabases ? tenantStates(tenantDatabases) : undefined,
    ]);
    const state = (up: boolean) => (up ? 'up' : 'down');
    const data = {
      status: state(database && shared),
      database: state(database),
      store: state(shared),
      // only where tenants are bound: the usual answer stays as it was
      ...(tenants?.length ? { tenantDatabases: tenants.map((t) => ({ name: t.name, status: state(t.up) })) } : {}),
    };
    const tenantsDown = (tenants ?? [])
      .filter((t) => !t.up)
      .map((t) => translate(request.ctx.locale, 'error.unavailable.tenantDatabase', { name: t.name }));
    if (database && shared) {
      if (!tenantsDown.length) return reply.ok(data);
      return reply.code(200).send(envelope(200, data, tenantsDown.join('; ')));
    }
    const down: Dependency[] = [...(database ? [] : ['database' as const]), ...(shared ? [] : ['store' as const])];
    const msg = [...down.map((name) => translate(request.ctx.locale, `error.unavailable.${name}`)), ...tenantsDown];
    return reply.code(503).send(envelope(503, data, msg.join('; ')));
  });
}

/**
 * Each tenant database, down when it does not answer in time. None when the bindings cannot be read
 * (the main database is down, and said so) or not in time (they are named when they can be).
 */
async function tenantStates(databases: TenantDatabases): Promise<{ name: string; up: boolean }[]> {
  const states = databases.states();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), CHECK_TIMEOUT_MS);
  });
  const answered = await Promise.race([states.catch(() => null), late]).finally(() => clearTimeout(timer));
  return answered ?? [];
}
