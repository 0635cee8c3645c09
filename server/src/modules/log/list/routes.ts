import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { pageSchema } from '../../../platform/http/query.ts';
import { isPlatformAdministrator } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { type LogScope, logDetail, logPage } from './repository.ts';
import { logDetailQuery, logListQuery } from './schema.ts';
import { LOG_TABLES } from './tables.ts';

/**
 * Whose logs a caller reads: the platform administrator every tenant's (or the one named), everyone
 * else their own tenant's, under its row-level policy.
 */
export function readLogs<T>(
  request: FastifyRequest,
  tenantId: string | undefined,
  work: (trx: AnyTrx, scope: LogScope) => Promise<T>,
  options: { writes?: boolean } = {},
): Promise<T> {
  const caller = request.ctx.caller!;
  if (!isPlatformAdministrator(caller)) {
    const own = (trx: AnyTrx) => work(trx, { tenantId: caller.tenantId });
    // Work that writes needs a transaction; reads go without one where they can.
    return options.writes ? request.inTenant(own) : request.readInTenant(own);
  }
  const scope: LogScope = { allTenants: true, ...(tenantId ? { tenantId } : {}) };
  return request.server.platform.tenantDb.inAllTenants((trx) => work(trx, scope));
}

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
          response: answers(pageSchema, 400, 403),
        },
      },
      async (request, reply) =>
        reply.ok(
          await readLogs(request, request.query.tenantId, (trx, scope) => logPage(trx, table, scope, request.query)),
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
          response: answers(z.looseObject({ id: z.string() }).describe("the entry's fields"), 400, 403, 404),
        },
      },
      async (request, reply) => {
        const row = await readLogs(request, undefined, (trx, scope) => logDetail(trx, table, scope, request.query.id));
        if (!row) throw notFound();
        return reply.ok(row);
      },
    );
  }
}
