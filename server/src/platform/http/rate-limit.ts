import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SharedStore } from '../store/store.ts';
import { canonicalPath } from './aliases.ts';
import { tooMany } from './errors.ts';

/**
 * At most `max` calls per `windowMs`, counted per client address unless `by` names another key, or
 * per signed-in user with `perCaller` (what a user may write: uploads, client errors).
 */
export interface RateLimit {
  max: number;
  windowMs: number;
  /** What the calls are counted by (a device's key); null falls back to the client address. */
  by?: (request: FastifyRequest) => string | null | undefined;
  /** Counted per signed-in user (tenant and user id), once the token is checked; else per address. */
  perCaller?: boolean;
  /** Only these calls count (a route both staff and kiosks call limits the kiosks). Default: all. */
  when?: (request: FastifyRequest) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimit;
  }
}

/** Keys never hold what they count by in the clear: a kiosk key or an address is hashed. */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * Fixed-window limits on the routes that declare one (sign-in, captcha, registration, the kiosk,
 * uploads), counted in the shared store so that several instances count together. Over the limit:
 * 429 with Retry-After, before the route reads its body or does any work. Limits per address run
 * first of all; limits per caller once the caller is known (preParsing: after the token check).
 */
export function registerRateLimits(app: FastifyInstance, store: SharedStore): void {
  app.addHook('onRequest', async (request, reply) => {
    const limit = request.routeOptions.config?.rateLimit;
    if (limit && !limit.perCaller) await countCall(store, request, reply, limit, limit.by?.(request) ?? request.ip);
  });
  app.addHook('preParsing', async (request, reply) => {
    const limit = request.routeOptions.config?.rateLimit;
    const caller = request.ctx?.caller;
    if (limit?.perCaller)
      await countCall(store, request, reply, limit, caller ? `${caller.tenantId}:${caller.userId}` : request.ip);
  });
}

async function countCall(
  store: SharedStore,
  request: FastifyRequest,
  reply: FastifyReply,
  limit: RateLimit,
  who: string,
) {
  if (limit.when && !limit.when(request)) return;
  const window = Math.floor(Date.now() / limit.windowMs);
  // A route and its aliases (another dialect's name of it) share one count.
  const route = canonicalPath(request.routeOptions.config, request.routeOptions.url ?? '');
  const key = `rate:${route}:${digest(who)}:${window}`;
  const count = await store.increment(key, limit.windowMs);
  if (count <= limit.max) return;
  const retryAfterMs = (window + 1) * limit.windowMs - Date.now();
  reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  throw tooMany();
}
