import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { pageSchema } from '../../../platform/http/query.ts';
import { logPageOf, logRowsOf } from './reach.ts';
import { logDetail, logSource } from './repository.ts';
import { logDetailQuery, logListQuery } from './schema.ts';
import { LOG_TABLES } from './tables.ts';

/** `/api/blade-log/{api,error,usual,login}/list` and `detail` (BladeX LogApiController and its siblings). */
export function registerLogListRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const [name, table] of Object.entries(LOG_TABLES)) {
    const prefix = `/api/blade-log/${name}`;
    const access = { permission: table.read };
    api.get(
      `${prefix}/list`,
      {
        config: { access },
        schema: {
          tags: ['log'],
          summary: `Page of the ${name} log`,
          querystring: logListQuery(table),
          response: answers(pageSchema, 400, 403, 503),
        },
      },
      async (request, reply) =>
        reply.ok(
          await logPageOf(request, request.query.tenantId, request.query, (trx, scope) =>
            logSource(trx, table, scope, request.query),
          ),
        ),
    );
    api.get(
      `${prefix}/detail`,
      {
        config: { access },
        schema: {
          tags: ['log'],
          summary: `One entry of the ${name} log`,
          querystring: logDetailQuery,
          response: answers(z.looseObject({ id: z.string() }).describe("the entry's fields"), 400, 403, 404, 503),
        },
      },
      async (request, reply) => {
        const [found] = await logRowsOf(request, async (trx, scope) => {
          const row = await logDetail(trx, table, scope, request.query.id);
          return row ? [row] : [];
        });
        if (!found) throw notFound();
        return reply.ok(found.row);
      },
    );
  }
}
