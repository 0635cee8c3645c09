import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopeOf } from '../../platform/crud/data-scope.ts';
import { pageQuerySchema } from '../../platform/http/query.ts';
import { sendXlsx, xlsxAnswers } from '../../platform/http/xlsx.ts';
import { importDone, importRouteSchema, readImport, registerTemplateRoute } from '../../platform/http/xlsx-import.ts';
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
    '/import-user',
    {
      config: { access: { permission: 'user_add' } },
      schema: importRouteSchema(
        tags,
        'Imports users from an Excel workbook (multipart file, isCovered 1 updates known accounts), all or none',
      ),
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { locale } = request.ctx;
      const { rows, covered } = await readImport(request, {
        maxBytes: IMPORT_MAX_BYTES,
        maxRows: USER_IMPORT_ROWS,
        uploadMaxBytes: app.platform.uploadMaxBytes,
        columns: USER_TEMPLATE_COLUMNS,
      });
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
    '/export-user',
    {
      config: { access: { permission: resource.permissions.read } },
      schema: {
        tags,
        summary: 'The users the user list shows under these filters, as a streamed Excel workbook (no passwords)',
        querystring: pageQuerySchema.partial().loose(),
        response: xlsxAnswers('the users, one row each', 400, 403),
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

  registerTemplateRoute(app, '/export-template', {
    access: { permission: ['user_add', ...resource.permissions.read] },
    tags,
    sheet: m['user.excel.sheet'],
    fileName: 'user-template.xlsx',
    columns: USER_TEMPLATE_COLUMNS,
  });
}
