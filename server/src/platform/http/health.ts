import type { FastifyInstance } from 'fastify';
import { isReachable } from '../db/database.ts';
import { translate } from '../i18n/i18n.ts';
import type { AnyDb } from '../tenancy/tenant-db.ts';
import { envelope } from './envelope.ts';

/** `GET /api/health`: public; 200 when the database answers, 503 when it does not. */
export function registerHealth(app: FastifyInstance, db: AnyDb): void {
  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['platform'] } }, async (request, reply) => {
    const up = await isReachable(db);
    const data = { status: up ? 'up' : 'down', database: up ? 'up' : 'down' };
    if (up) return reply.ok(data);
    return reply.code(503).send(envelope(503, data, translate(request.ctx.locale, 'error.unavailable')));
  });
}
