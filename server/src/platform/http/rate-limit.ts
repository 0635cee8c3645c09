import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SharedStore } from '../store/store.ts';
import { tooMany } from './errors.ts';

/** At most `max` calls per `windowMs`, counted per client address unless `by` names another key. */
export interface RateLimit {
  max: number;
  windowMs: number;
  /** What the calls are counted by (a device's key); null falls back to the client address. */
  by?: (request: FastifyRequest) => string | null | undefined;
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
 * Fixed-window limits on the routes that declare one (sign-in, captcha, registration, the kiosk),
 * counted in the shared store so that several instances count together. Over the limit: 429 with
 * Retry-After, before the route reads its body or does any work.
 */
export function registerRateLimits(app: FastifyInstance, store: SharedStore): void {
  app.addHook('onRequest', async (request, reply) => {
    const limit = request.routeOptions.config?.rateLimit;
    if (!limit || (limit.when && !limit.when(request))) return;
    const who = limit.by?.(request) ?? request.ip;
    const window = Math.floor(Date.now() / limit.windowMs);
    const key = `rate:${request.routeOptions.url}:${digest(who)}:${window}`;
    const count = await store.increment(key, limit.windowMs);
    if (count <= limit.max) return;
    const retryAfterMs = (window + 1) * limit.windowMs - Date.now();
    reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    throw tooMany();
  });
}
