import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { pageSchema } from '../../../platform/http/query.ts';
import { changeLogRows, logPageOf, logRowsOf } from '../list/reach.ts';
import { liveSessions, markForced, type RevokedAmong, sessionSource } from './repository.ts';
import { sessionDetailQuery, sessionIdsQuery, sessionListQuery } from './schema.ts';

const PREFIX = '/api/blade-log/online';
export const ONLINE_READ = ['online', 'online_view', 'online_logout'] as const;
export const ONLINE_LOGOUT = 'online_logout';

/**
 * `/api/blade-log/online`: the live sessions (在线用户; beyond BladeX, as RuoYi and yudao have it)
 * and 强退. The platform administrator sees every tenant's, a tenant's administrator their own.
 */
export function registerOnlineRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // revocations are read from the main database, whichever database a session is listed from
  const revokedAmong: RevokedAmong = (sessions) => app.platform.sessions.revokedAmong(sessions);
  api.get(
    `${PREFIX}/list`,
    {
      config: { access: { permission: ONLINE_READ } },
      schema: {
        tags: ['log'],
        summary: 'Page of the live sessions',
        querystring: sessionListQuery,
        response: answers(pageSchema, 400, 403, 503),
      },
    },
    async (request, reply) =>
      reply.ok(
        await logPageOf(request, request.query.tenantId, request.query, (trx, scope) =>
          sessionSource(trx, scope, request.query, revokedAmong),
        ),
      ),
  );
  api.get(
    `${PREFIX}/detail`,
    {
      config: { access: { permission: ONLINE_READ } },
      schema: {
        tags: ['log'],
        summary: 'One live session',
        querystring: sessionDetailQuery,
        response: answers(z.looseObject({ id: z.string() }).describe("the session's fields"), 400, 403, 404, 503),
      },
    },
    async (request, reply) => {
      const [found] = await logRowsOf(request, (trx, scope) =>
        liveSessions(trx, scope, [request.query.id], revokedAmong),
      );
      if (!found) throw notFound();
      return reply.ok(found.row);
    },
  );

  // Ends the sessions at once on every instance: the revocation goes to the database and the shared
  // store, which every instance reads on each call. All or nothing: a session the caller cannot see
  // (another tenant's, already ended) refuses the whole call, as removals do.
  api.post(
    `${PREFIX}/logout`,
    {
      config: { access: { permission: ONLINE_LOGOUT }, audit: { title: 'force logout' } },
      schema: {
        tags: ['log'],
        summary: 'End sessions now (强退; all or none)',
        querystring: sessionIdsQuery,
        response: answers(z.null(), 400, 403, 404, 503),
      },
    },
    async (request, reply) => {
      const { ids } = request.query;
      const sessions = await changeLogRows(
        request,
        (trx, scope) => liveSessions(trx, scope, ids, revokedAmong),
        (found) => {
          const missing = ids.filter((id) => !found.some((s) => s.id === id));
          if (missing.length) throw notFound('error.notFound.records', { ids: missing.join(',') });
        },
        (trx, found) =>
          markForced(
            trx,
            found.map((s) => String(s.id)),
          ),
      );
      for (const session of sessions) {
        await app.platform.sessions.revokeSession(String(session.id));
        request.logEvent({
          logId: 'auth.forceLogout',
          level: 'warn',
          // In the tenant of the session ended, where its administrator reads it too.
          tenantId: String(session.tenantId),
          data: {
            sessionId: session.id,
            userId: session.userId,
            account: session.account,
            by: request.ctx.caller!.account,
          },
        });
      }
      return reply.ok(null);
    },
  );
}
