import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { isReachable } from '../db/database.ts';
import { translate } from '../i18n/i18n.ts';
import type { SharedStore } from '../store/store.ts';
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
});

/**
 * `GET /api/health`: public; each dependency as up or down. 200 when all are up, else 503 with a
 * message naming the ones down.
 */
export function registerHealth(app: FastifyInstance, db: AnyDb, store: SharedStore): void {
  // typed as a plain schema: the 503 answer is sent by hand
  const schema: FastifySchema = {
    tags: ['platform'],
    summary: 'Whether the server and what it depends on are up (503 names what is down)',
    response: answers(healthSchema, 503),
  };
  app.get('/api/health', { config: { access: 'public' }, schema }, async (request, reply) => {
    const [database, shared] = await Promise.all([within(isReachable(db)), within(store.reachable())]);
    const state = (up: boolean) => (up ? 'up' : 'down');
    const data = { status: state(database && shared), database: state(database), store: state(shared) };
    if (database && shared) return reply.ok(data);
    const down: Dependency[] = [...(database ? [] : ['database' as const]), ...(shared ? [] : ['store' as const])];
    const msg = down.map((name) => translate(request.ctx.locale, `error.unavailable.${name}`)).join('; ');
    return reply.code(503).send(envelope(503, data, msg));
  });
}
