import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLogColumns } from '../../platform/audit/request-params.ts';
import { nextId } from '../../platform/db/snowflake.ts';
import { answers } from '../../platform/http/envelope.ts';

/** One error the web client caught in the browser (spec §3 error log). */
const clientError = z.object({
  type: z.string().max(50).default('error'),
  message: z.string().max(2000),
  stack: z.string().max(8000).default(''),
  info: z.string().max(2000).default(''),
  url: z.string().max(2000).default(''),
  time: z.union([z.string().max(50), z.number()]).transform(String),
});

/**
 * Uploads per user and 10 minutes: the client sends its local log (at most 100 entries) when its user
 * asks, so a few calls are plenty; more would only fill the log table.
 */
export const CLIENT_ERROR_LIMIT = { max: 5, windowMs: 10 * 60_000, perCaller: true } as const;

/**
 * `POST /api/blade-log/usual/client-errors`: the web client's local error log, uploaded by its user,
 * lands in the usual log of the caller's tenant (one row per error), where the log screens read it.
 */
export function registerClientErrorRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/blade-log/usual/client-errors',
    {
      config: { access: 'signedIn', rateLimit: CLIENT_ERROR_LIMIT },
      schema: {
        tags: ['log'],
        summary: "Uploads the web client's local error log into the usual log of the caller's tenant",
        body: z.array(clientError).min(1).max(100),
        response: answers(z.number().int().describe('the errors written'), 400, 429),
      },
    },
    async (request, reply) => {
      const base = requestLogColumns(request);
      const rows = request.body.map((entry) => ({
        ...base,
        id: nextId(),
        params: null,
        log_level: 'error',
        log_id: 'web-client',
        log_data: JSON.stringify(entry),
      }));
      await request.inTenant((trx) => trx.insertInto('blade_log_usual').values(rows).execute());
      return reply.ok(rows.length);
    },
  );
}
