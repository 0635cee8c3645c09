import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopeOf } from '../../platform/crud/data-scope.ts';
import { answers } from '../../platform/http/envelope.ts';
import { pageQuerySchema } from '../../platform/http/query.ts';
import { sendXlsx } from '../../platform/http/xlsx.ts';
import {
  importDone,
  importQuery,
  importResultSchema,
  isCovered,
  readImportRows,
  readXlsxUpload,
  sendTemplate,
} from '../../platform/http/xlsx-import.ts';
import { translate } from '../../platform/i18n/i18n.ts';
import { readParam } from '../system/param/service.ts';
import { importUsers, streamUsers, USER_IMPORT_ROWS, USER_TEMPLATE_COLUMNS } from './excel.ts';
import { userMessages as m } from './messages.ts';
import { userResource } from './resource.ts';

const tags = ['user'];
/** The largest user workbook an import takes. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * BladeX's user Excel endpoints: `import-user` (multipart `file`, `isCovered`), `export-user` (the
 * user list's rows under its filters) and `export-template`. BladeX has no button codes for them:
 * importing takes user_add (and user_edit to overwrite), exporting the user list's read codes.
 */
export function registerUserExcelRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const resource = userResource(app.platform.sessions);
  const { permissions } = app.platform;

  api.post(
    '/api/blade-user/import-user',
    {
      config: { access: { permission: 'user_add' } },
      schema: {
        tags,
        operationId: 'userImport',
        summary:
          'Imports users from an Excel workbook (multipart file, isCovered 1 updates known accounts), all or none',
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: answers(importResultSchema, 400, 403, 413),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { locale } = request.ctx;
      const upload = await readXlsxUpload(request, Math.min(IMPORT_MAX_BYTES, app.platform.uploadMaxBytes));
      const covered = isCovered(upload, request.query);
      const limits = { maxBytes: IMPORT_MAX_BYTES, maxRows: USER_IMPORT_ROWS };
      const rows = readImportRows(upload.file, USER_TEMPLATE_COLUMNS, limits, locale);
      const result = await importUsers(caller, rows, covered, locale, {
        resource,
        scope: await scopeOf(permissions, resource, caller),
        mayEdit: await permissions.hasAny(caller, ['user_edit']),
        initPassword: await readParam(app.platform.db, 'account.initPassword', '123456'),
        inTenant: (work) => request.inTenant(work),
      });
      request.logEvent({ logId: 'user.import', data: { ...result, covered } });
      return importDone(reply, locale, result);
    },
  );

  api.get(
    '/api/blade-user/export-user',
    {
      config: { access: { permission: resource.permissions.read } },
      schema: {
        tags,
        operationId: 'userExport',
        summary: 'The users the user list shows under these filters, as a streamed Excel workbook (no passwords)',
        querystring: pageQuerySchema.partial().loose(),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      // The export's rows are the list's: the same data scope.
      const scope = await scopeOf(permissions, resource, caller);
      const { locale } = request.ctx;
      const stream = await streamUsers(app.platform, resource, caller, request.query, scope, locale, request.log);
      return sendXlsx(reply, 'users.xlsx', stream);
    },
  );

  api.get(
    '/api/blade-user/export-template',
    {
      config: { access: { permission: ['user_add', ...resource.permissions.read] } },
      schema: { tags, operationId: 'userExportTemplate', summary: 'The empty workbook user imports take' },
    },
    async (request, reply) => {
      const { locale } = request.ctx;
      const sheet = translate(locale, m['user.excel.sheet']);
      return sendTemplate(reply, request.log, {
        sheet,
        fileName: 'user-template.xlsx',
        columns: USER_TEMPLATE_COLUMNS,
        locale,
      });
    },
  );
}
