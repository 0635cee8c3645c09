import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { int, optional, withDefault } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { pageSchema } from '../../../platform/http/query.ts';
import { sendXlsx, streamXlsx, xlsxAnswers } from '../../../platform/http/xlsx.ts';
import { translate } from '../../../platform/i18n/i18n.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { keptKeyFigures, monthlyFlow, topConsumed, valueByType } from './charts.ts';
import { keptAnswers } from './kept.ts';
import {
  inventoryDetailQuery,
  inventoryMateriasQuery,
  keyFiguresAnswer,
  monthlyFlowAnswer,
  period,
  periodQuery,
  priceCountQuery,
  topConsumedAnswer,
  valueByTypeAnswer,
} from './schema.ts';
import { inventoryDetail, inventoryMaterias, materialsPriceCount } from './tables.ts';
import { reportBatches, reportPage, type TabularReport } from './tabular.ts';

const PREFIX = '/api/warehouse/report';
const TAGS = ['warehouse/report'];
const READ = { permission: ['warehouse_report', 'warehouse_report_view'] };
const EXPORT = { permission: 'warehouse_report_export' };

/**
 * `/api/warehouse/report`: the three tables (`inventoryDetail`, `inventoryMaterias`,
 * `MaterialsPriceCount`), each paged and as a streamed .xlsx (`<name>Excel`, the same filters),
 * and what the home page and the charts show: `keyFigures`, `valueByType`, `monthlyFlow`, `topConsumed`.
 */
export function registerReportRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const keep = (trx: AnyTrx, tenantId: string) => keptAnswers(app.platform.results, trx, tenantId);
  const tables: [string, TabularReport<never>, z.ZodObject][] = [
    ['inventoryDetail', inventoryDetail as TabularReport<never>, inventoryDetailQuery],
    ['inventoryMaterias', inventoryMaterias as TabularReport<never>, inventoryMateriasQuery],
    ['MaterialsPriceCount', materialsPriceCount as TabularReport<never>, priceCountQuery],
  ];
  for (const [name, report, query] of tables) {
    api.get(
      `${PREFIX}/${name}`,
      {
        config: { access: READ },
        schema: {
          tags: TAGS,
          summary: `Report ${name}, a page`,
          querystring: query,
          response: answers(pageSchema, 400, 403),
        },
      },
      async (request, reply) => {
        const { caller, locale } = request.ctx;
        const q = request.query as never;
        return reply.ok(
          await request.readInTenant((trx) =>
            reportPage(trx, caller!.tenantId, report, q, locale, keep(trx, caller!.tenantId)),
          ),
        );
      },
    );
    api.get(
      `${PREFIX}/${name}Excel`,
      {
        config: { access: EXPORT },
        schema: {
          tags: TAGS,
          summary: `The ${name} report under the same filters, as a streamed Excel workbook`,
          querystring: query,
          response: xlsxAnswers('the report, one row each', 400, 403),
        },
      },
      async (request, reply) => {
        const { caller, locale } = request.ctx;
        const columns = report.columns.map(([field, width]) => ({
          header: translate(locale, `warehouse.report.${field}`),
          width,
        }));
        const onIdle = (message: string) => request.log.warn(message);
        const rows = reportBatches(app.platform, caller!.tenantId, report, request.query as never, locale, { onIdle });
        return sendXlsx(reply, `${name}.xlsx`, await streamXlsx(report.sheet, columns, rows, request.log));
      },
    );
  }

  api.get(
    `${PREFIX}/keyFigures`,
    {
      config: { access: READ },
      schema: { tags: TAGS, summary: "The home page's key figures", response: answers(keyFiguresAnswer, 403) },
    },
    async (request, reply) => {
      const tenantId = request.ctx.caller!.tenantId;
      return reply.ok(await request.readInTenant((trx) => keptKeyFigures(app.platform.results, trx, tenantId)));
    },
  );
  api.get(
    `${PREFIX}/valueByType`,
    {
      config: { access: READ },
      schema: {
        tags: TAGS,
        summary: 'Stock value by material type (the children of parentId)',
        querystring: z.object({ parentId: optional(idSchema), deviceId: optional(idSchema) }),
        response: answers(valueByTypeAnswer, 400, 403),
      },
    },
    async (request, reply) => {
      const { parentId, deviceId } = request.query;
      const tenantId = request.ctx.caller!.tenantId;
      const rows = await request.readInTenant((trx) =>
        keep(trx, tenantId)(['valueByType', parentId, deviceId], () => valueByType(trx, tenantId, parentId, deviceId)),
      );
      return reply.ok(rows);
    },
  );
  api.get(
    `${PREFIX}/monthlyFlow`,
    {
      config: { access: READ },
      schema: {
        tags: TAGS,
        summary: 'Stock in and out by month',
        querystring: z.object({ months: withDefault(int(1, 36), 12) }),
        response: answers(monthlyFlowAnswer, 400, 403),
      },
    },
    async (request, reply) => {
      const { months } = request.query;
      const tenantId = request.ctx.caller!.tenantId;
      return reply.ok(
        await request.readInTenant((trx) =>
          keep(trx, tenantId)(['monthlyFlow', months], () => monthlyFlow(trx, tenantId, months)),
        ),
      );
    },
  );
  api.get(
    `${PREFIX}/topConsumed`,
    {
      config: { access: READ },
      schema: {
        tags: TAGS,
        summary: 'The materials most taken out in a period',
        response: answers(topConsumedAnswer, 400, 403),
        querystring: periodQuery.extend({
          limit: withDefault(int(1, 100), 10),
          deviceId: optional(idSchema),
        }),
      },
    },
    async (request, reply) => {
      // Without a period: the last 30 days.
      const options = { ...period(request.query, 30), limit: request.query.limit, deviceId: request.query.deviceId };
      const tenantId = request.ctx.caller!.tenantId;
      return reply.ok(
        await request.readInTenant((trx) =>
          keep(trx, tenantId)(['topConsumed', options], () => topConsumed(trx, tenantId, options)),
        ),
      );
    },
  );
}
