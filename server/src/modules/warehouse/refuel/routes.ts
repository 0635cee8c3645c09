import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopeOf } from '../../../platform/crud/data-scope.ts';
import { pageQuerySchema } from '../../../platform/http/query.ts';
import { sendXlsx, xlsxAnswers } from '../../../platform/http/xlsx.ts';
import { registerDocumentRoutes } from '../document-routes.ts';
import { streamRefuelItems } from './export.ts';
import { REFUEL_READ, refuelResource } from './resource.ts';
import { refuelInput, refuelUpdate } from './schema.ts';
import { cancelRefuels, createRefuel, refuelItems, updateRefuel } from './service.ts';

const PREFIX = '/api/warehouse/refuel';
const TAG = 'warehouse/refuel';

/**
 * `/api/warehouse/refuel`: list, page, detail, submit, remove, cancel (see document-routes.ts) and
 * `refuelDetailExcel`, the lines of the refuels the list's filters select, as a streamed .xlsx.
 */
export function registerRefuelRoutes(app: FastifyInstance): void {
  registerDocumentRoutes(app, {
    prefix: PREFIX,
    tag: TAG,
    resource: refuelResource,
    read: REFUEL_READ,
    codes: { add: 'refuel_add', edit: 'refuel_edit', cancel: 'refuel_cancel' },
    input: refuelInput,
    create: (trx, caller, body) => createRefuel(trx, caller, refuelInput.parse(body)),
    update: (trx, caller, id, body) => updateRefuel(trx, caller, id, body, refuelUpdate.strip().parse(body)),
    cancel: cancelRefuels,
    items: refuelItems,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    `${PREFIX}/refuelDetailExcel`,
    {
      config: { access: { permission: 'refuel_export' } },
      schema: {
        tags: [TAG],
        summary: "The lines of the refuels the list's filters select, as a streamed Excel workbook",
        querystring: pageQuerySchema.partial().loose(),
        response: xlsxAnswers('one row per refuel line', 400, 403),
      },
    },
    async (request, reply) => {
      // The export's rows are the list's: the same data scope.
      const scope = await scopeOf(app.platform.permissions, refuelResource, request.ctx.caller!);
      const stream = await streamRefuelItems(
        app.platform,
        request.ctx.caller!,
        request.query,
        request.ctx.locale,
        request.log,
        scope,
      );
      return sendXlsx(reply, 'refuel-items.xlsx', stream);
    },
  );
}
