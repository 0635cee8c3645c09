import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { crudRepository } from '../../../platform/crud/repository.ts';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { countUpTo, EXACT_TOTAL_UP_TO } from '../../../platform/db/paging.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { noticeMessages as m } from './messages.ts';
import { NOTICE_READ, noticeResource } from './resource.ts';
import { treatInput } from './schema.ts';

const PREFIX = '/api/warehouse/notice';
const TAG = 'warehouse/notice';
const notices = crudRepository(noticeResource);

/**
 * `/api/warehouse/notice`: list, page, detail, submit, remove; `treat` (handled, with a remark,
 * all or none) and `untreated` (the count of untreated notices, the top bar's bell).
 */
export function registerNoticeRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: noticeResource,
    tag: TAG,
    routes: ['list', 'page', 'detail', 'submit', 'remove'],
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    `${PREFIX}/treat`,
    {
      config: { access: { permission: 'warehouse_notice_treat' } },
      schema: {
        tags: [TAG],
        summary: 'Treat notices',
        body: treatInput,
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { ids, handleRemark } = request.body;
      await request.inTenant(async (trx) => {
        for (const id of ids) {
          const notice = await notices.find(trx, caller, id);
          if (!notice) throw notFound('error.notFound.records', { ids: id });
          if (notice.treated === 1) throw badRequest(m['warehouse.notice.treated'], { title: notice.title });
        }
        await sql`
          update wh_notice set treated = 1, handler_id = ${caller.userId}, handle_time = now(),
                 handle_remark = ${handleRemark ?? null}, update_user = ${caller.userId}, update_time = now()
          where tenant_id = ${caller.tenantId} and id in (${sql.join(ids)})`.execute(trx);
      });
      return reply.ok(null);
    },
  );

  api.get(
    `${PREFIX}/untreated`,
    {
      config: { access: { permission: NOTICE_READ } },
      schema: {
        tags: [TAG],
        summary: 'How many notices are untreated (counted up to a bound)',
        response: answers(z.number().int(), 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      // Counted no further than the lists count (the bell shows 99+ long before): bounded on any ledger.
      const count = await request.inTenant((trx) =>
        countUpTo(
          trx,
          trx
            .selectFrom('wh_notice')
            .where('tenant_id', '=', caller.tenantId)
            .where('treated', '=', 0)
            .where('is_deleted', '=', 0),
          EXACT_TOTAL_UP_TO,
        ),
      );
      return reply.ok(count);
    },
  );
}
