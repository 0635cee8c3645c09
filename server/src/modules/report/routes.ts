import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrudRoutes } from '../../platform/crud/routes.ts';
import { answers } from '../../platform/http/envelope.ts';
import { notFound } from '../../platform/http/errors.ts';
import { idSchema } from '../../platform/http/ids.ts';
import { translate } from '../../platform/i18n/i18n.ts';
import { reportMessages as m } from './messages.ts';
import { findReport, insertReport, namesLike } from './repository.ts';
import { REPORT_READ, reportFileResource } from './resource.ts';
import { idAnswer, reportAnswer } from './schema.ts';

export const PREFIX = '/api/blade-report/report/rest';
const TAG = 'report';
const NAME_MAX = 100;

/** `/api/blade-report/report/rest`: list, detail, submit, remove (BladeX ReportEndpoint) and copy. */
export function registerReportFileRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: reportFileResource,
    tag: TAG,
    name: { one: 'report', many: 'reports' },
    routes: ['list', 'submit', 'remove'],
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${PREFIX}/detail`,
    {
      config: { access: { permission: REPORT_READ } },
      schema: {
        tags: [TAG],
        summary: 'Detail of a report, with its template',
        querystring: z.object({ id: idSchema }),
        response: answers(reportAnswer, 400, 403, 404),
      },
    },
    async (request, reply) => {
      const found = await request.readInTenant((trx) => findReport(trx, request.ctx.caller!, request.query.id));
      if (!found) throw notFound();
      return reply.ok(found);
    },
  );

  api.post(
    `${PREFIX}/copy`,
    {
      config: { access: { permission: 'report_list_copy' } },
      schema: {
        tags: [TAG],
        summary: 'Copy a report, named "<name> (copy)" (made unique)',
        querystring: z.object({ id: idSchema }),
        response: answers(idAnswer, 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const suffix = translate(request.ctx.locale, m['report.copy.suffix']);
      const id = await request.inTenant(async (trx) => {
        const found = await findReport(trx, caller, request.query.id);
        if (!found) throw notFound();
        const base = `${found.name.slice(0, NAME_MAX - suffix.length - 4)}${suffix}`;
        const taken = await namesLike(trx, caller, base);
        let name = base;
        for (let n = 2; taken.has(name); n++) name = `${base} ${n}`;
        return insertReport(trx, caller, name, found.template);
      });
      return reply.ok({ id });
    },
  );
}
