import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { treeNodeSchema } from '../../../platform/crud/answers.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { pageQuerySchema, pageSchema } from '../../../platform/http/query.ts';
import { sendXlsx, xlsxAnswers } from '../../../platform/http/xlsx.ts';
import {
  importDone,
  importRouteSchema,
  readImport,
  registerTemplateRoute,
} from '../../../platform/http/xlsx-import.ts';
import { importRegions, REGION_COLUMNS, REGION_IMPORT_ROWS, streamRegions } from './excel.ts';
import { regionMessages as m } from './messages.ts';
import { pageRegions, regionsUnder } from './repository.ts';
import {
  regionCodeQuery,
  regionExportQuery,
  regionLazyListQuery,
  regionLazyTreeQuery,
  regionRecordSchema,
  regionRemoveQuery,
  regionSchema,
  regionSelectQuery,
  regionSubmitBody,
} from './schema.ts';
import { regionDetail, regionLazyList, regionLazyTree, removeRegion, saveRegion } from './service.ts';

const PREFIX = '/api/blade-system/region';
const tags = ['system/region'];
// Regions are platform-wide: any tenant's holders of the read codes see them, only the platform tenant changes them.
const READ = { permission: ['region', 'region_view'] };
/** The largest region workbook an import takes. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * `/api/blade-system/region/*` (BladeX RegionController): list, lazy-list, lazy-tree, detail, select,
 * submit, save, update, remove, and the Excel routes import-region, export-region and export-template.
 */
export function registerRegionRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.platform.db;

  api.get(
    `${PREFIX}/list`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'A page of the regions the filters match (BladeX map filters)',
        querystring: pageQuerySchema.loose(),
        response: answers(pageSchema.extend({ records: z.array(regionSchema) }), 400, 403),
      },
    },
    async (request, reply) => reply.ok(await pageRegions(db, request.query)),
  );

  api.get(
    `${PREFIX}/lazy-list`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'The regions below parentCode (a search without it: every match), each saying whether it has children',
        querystring: regionLazyListQuery,
        response: answers(
          z.array(regionSchema.extend({ id: z.string(), parentId: z.string().nullable(), hasChildren: z.boolean() })),
          400,
          403,
        ),
      },
    },
    async (request, reply) => {
      const { parentCode, ...search } = request.query;
      return reply.ok(await regionLazyList(db, parentCode, search));
    },
  );

  api.get(
    `${PREFIX}/lazy-tree`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'The tree nodes below parentCode (id, key and value are the codes)',
        querystring: regionLazyTreeQuery,
        response: answers(z.array(treeNodeSchema(z.object({}))), 400, 403),
      },
    },
    async (request, reply) => {
      const { parentCode, ...search } = request.query;
      return reply.ok(await regionLazyTree(db, parentCode, search));
    },
  );

  api.get(
    `${PREFIX}/detail`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'A region, by its code',
        querystring: regionCodeQuery,
        response: answers(regionRecordSchema, 400, 403, 404),
      },
    },
    async (request, reply) => reply.ok(await regionDetail(db, request.query.code)),
  );

  // The code is the key: submit adds or updates by it, save only adds, update only updates.
  const writes = {
    submit: { codes: ['region_add', 'region_edit'], summary: 'Submit a region (adds a new code, updates a known one)' },
    save: { codes: ['region_add'], summary: 'Add a region (a known code is refused)' },
    update: { codes: ['region_edit'], summary: 'Update a region (by its code)' },
  } as const;
  for (const [route, write] of Object.entries(writes) as [
    keyof typeof writes,
    (typeof writes)[keyof typeof writes],
  ][]) {
    api.post(
      `${PREFIX}/${route}`,
      {
        config: { access: { permission: [...write.codes], platform: true } },
        schema: {
          tags,
          summary: write.summary,
          response: answers(regionRecordSchema, 400, 403, 404, 409),
          body: regionSubmitBody,
        },
      },
      async (request, reply) => {
        const caller = request.ctx.caller!;
        // The route admitted its codes; whether this is an add or an edit depends on the code existing.
        const mayDo = (action: 'add' | 'edit') => app.platform.permissions.hasAny(caller, [`region_${action}`]);
        return reply.ok(await saveRegion(db, request.body, mayDo, route));
      },
    );
  }

  api.post(
    `${PREFIX}/remove`,
    {
      config: { access: { permission: 'region_delete', platform: true } },
      schema: {
        tags,
        summary: 'Remove a region (id: its code; not one with regions below it)',
        querystring: regionRemoveQuery,
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await removeRegion(db, request.query.id);
      return reply.ok(null);
    },
  );

  // Cascading selects of any screen read the divisions: public data, no tenant's, so any signed-in user.
  api.get(
    `${PREFIX}/select`,
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The regions directly below a code (00, the default: the provinces), for cascading selects',
        querystring: regionSelectQuery,
        response: answers(z.array(regionSchema), 400),
      },
    },
    async (request, reply) => reply.ok(await regionsUnder(db, request.query.code)),
  );

  api.post(
    `${PREFIX}/import-region`,
    {
      config: { access: { permission: 'region_import', platform: true } },
      schema: importRouteSchema(
        tags,
        'Imports regions from an Excel workbook (multipart file, isCovered 1 overwrites known codes), all or none',
      ),
    },
    async (request, reply) => {
      const { rows, covered } = await readImport(request, {
        maxBytes: IMPORT_MAX_BYTES,
        maxRows: REGION_IMPORT_ROWS,
        uploadMaxBytes: app.platform.uploadMaxBytes,
        columns: REGION_COLUMNS,
      });
      const result = await importRegions(db, rows, covered, request.ctx.locale);
      request.logEvent({ logId: 'region.import', data: { ...result, covered } });
      return importDone(reply, request.ctx.locale, result);
    },
  );

  api.get(
    `${PREFIX}/export-region`,
    {
      config: { access: { permission: 'region_export' } },
      schema: {
        tags,
        summary: 'The regions the filters select (BladeX map filters: text contains), as a streamed Excel workbook',
        querystring: regionExportQuery,
        response: xlsxAnswers('the regions, one row each', 400, 403),
      },
    },
    async (request, reply) => {
      const { locale } = request.ctx;
      const stream = await streamRegions(
        app.platform,
        request.ctx.caller!.tenantId,
        request.query,
        locale,
        request.log,
      );
      return sendXlsx(reply, 'regions.xlsx', stream);
    },
  );

  registerTemplateRoute(app, `${PREFIX}/export-template`, {
    access: { permission: ['region_import', 'region_export'] },
    tags,
    sheet: m['region.excel.sheet'],
    fileName: 'region-template.xlsx',
    columns: REGION_COLUMNS,
  });
}
