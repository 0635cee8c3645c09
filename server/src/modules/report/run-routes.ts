import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers, fileAnswers } from '../../platform/http/envelope.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { type Locale, translate } from '../../platform/i18n/i18n.ts';
import { BUILTINS } from './builtins.ts';
import { pdfOf } from './export-pdf.ts';
import { XLSX_TYPE, xlsxOf } from './export-xlsx.ts';
import { reportMessages as m } from './messages.ts';
import { paramsFromQuery } from './params.ts';
import { findReport } from './repository.ts';
import { REPORT_DESIGN, REPORT_READ, REPORT_VIEW } from './resource.ts';
import { PREFIX } from './routes.ts';
import { datasetsAnswer, exportQuery, fieldsAnswer, fieldsBody, previewBody, renderedGrid } from './schema.ts';
import { checkDatasets, datasetFields, maySqlWrite, type ReportOptions, renderReport } from './service.ts';
import type { ReportTemplate } from './template.ts';

const TAG = 'report';

/** The builtin datasets as the designer lists them, labelled in the caller's language. */
function builtinList(locale: Locale) {
  const say = (key: string) => translate(locale, key);
  return [...BUILTINS.values()].map((b) => ({
    key: b.key,
    label: say(`report.builtin.${b.key}`),
    fields: b.fields.map((f) => ({ ...f, label: say(`report.field.${f.name}`) })),
    params: b.params.map((name) => ({
      name,
      label: say(`report.param.${name}`),
      type: 'date' as const,
      required: false,
    })),
  }));
}

/** The export's answers: the workbook or the PDF, as `format` asks. */
function fileDownloads() {
  const xlsx = fileAnswers(XLSX_TYPE, 'the report as a file', 400, 403, 404);
  const pdf = fileAnswers('application/pdf', 'the report as a file');
  return { ...xlsx, 200: { ...xlsx[200], content: { ...xlsx[200].content, ...pdf[200].content } } };
}

/** The stored report of the caller's tenant, or 404. */
async function storedReport(request: FastifyRequest, id: string) {
  const found = await request.readInTenant((trx) => findReport(trx, request.ctx.caller!, id));
  if (!found) throw notFound();
  return found;
}

/** `datasets`, `fields`, `preview` and `export`: what the designer offers and what a report shows. */
export function registerReportRunRoutes(app: FastifyInstance, options: ReportOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${PREFIX}/datasets`,
    {
      config: { access: { permission: REPORT_READ } },
      schema: {
        tags: [TAG],
        summary: 'The builtin datasets, and whether the caller may write SQL ones',
        response: answers(datasetsAnswer, 403),
      },
    },
    async (request, reply) => {
      const sqlAllowed = options.sqlDatasets && (await maySqlWrite(app, request.ctx.caller!));
      return reply.ok({ builtins: builtinList(request.ctx.locale), sqlAllowed });
    },
  );

  api.post(
    `${PREFIX}/fields`,
    {
      config: { access: { permission: REPORT_DESIGN } },
      schema: {
        tags: [TAG],
        summary: "A dataset's fields (a SQL one is checked and described without reading rows)",
        body: fieldsBody,
        response: answers(fieldsAnswer, 400, 403),
      },
    },
    async (request, reply) => {
      const fields = await datasetFields(app, options, request.ctx.caller!, request.body.dataset);
      return reply.ok({ fields: fields.map(({ name, type }) => ({ name, type })) });
    },
  );

  api.post(
    `${PREFIX}/preview`,
    {
      config: { access: { permission: [REPORT_VIEW, REPORT_DESIGN] } },
      schema: {
        tags: [TAG],
        summary: 'A report rendered with parameters: a stored one (id) or one being designed (template)',
        body: previewBody,
        response: answers(renderedGrid, 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { id, template, params } = request.body;
      let shown: ReportTemplate;
      if (template) {
        await request.requirePermission(REPORT_DESIGN);
        await checkDatasets(app, caller, template);
        shown = template;
      } else if (id) {
        await request.requirePermission(REPORT_VIEW);
        shown = (await storedReport(request, id)).template;
      } else {
        throw badRequest(m['report.preview.nothing']);
      }
      return reply.ok(await renderReport(app, options, caller, shown, params));
    },
  );

  api.get(
    `${PREFIX}/export`,
    {
      config: { access: { permission: REPORT_VIEW } },
      schema: {
        tags: [TAG],
        summary: 'A report rendered with parameters, as an .xlsx or .pdf file',
        querystring: exportQuery,
        response: fileDownloads(),
      },
    },
    async (request, reply) => {
      const { id, format, params } = request.query;
      const report = await storedReport(request, id);
      const grid = await renderReport(app, options, request.ctx.caller!, report.template, paramsFromQuery(params));
      const stream = format === 'xlsx' ? xlsxOf(report.name, grid) : await pdfOf(grid, options.fonts);
      return reply
        .header('content-type', format === 'xlsx' ? XLSX_TYPE : 'application/pdf')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${report.name}.${format}`)}`)
        .send(stream);
    },
  );
}
