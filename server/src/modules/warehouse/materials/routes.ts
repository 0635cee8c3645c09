import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { materialsResource } from './resource.ts';
import { stocktakeAnswerSchema, stocktakeInput } from './schema.ts';
import { stocktake } from './stocktake.ts';

const PREFIX = '/api/warehouse/materials';

/** `/api/warehouse/materials`: stock per device and material (list, page, detail) and `stocktake`. */
export function registerMaterialsRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: materialsResource,
    tag: 'warehouse/materials',
    routes: ['list', 'page', 'detail'],
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    `${PREFIX}/stocktake`,
    {
      config: { access: { permission: 'materials_stocktake' }, audit: { title: 'stocktake' } },
      schema: {
        tags: ['warehouse/materials'],
        summary: 'Posts a counted quantity: the difference as a stocktake movement (none when it matches)',
        body: stocktakeInput,
        response: answers(stocktakeAnswerSchema, 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const answer = await request.inTenant((trx) => stocktake(trx, caller, request.body));
      const { deviceId, materialCodeId, countedQuantity, reason } = request.body;
      request.logEvent({ logId: 'warehouse.stocktake', data: { deviceId, materialCodeId, countedQuantity, reason } });
      return reply.ok(answer);
    },
  );
}
