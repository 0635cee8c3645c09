import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { API_LOG, USUAL_LOG } from '../../log/list/tables.ts';
import { deskInfo, recentActivities, signToday } from './desk.ts';
import { dashboardFigures, readableParts } from './figures.ts';
import { activitySchema, deskInfoSchema, figuresSchema, signedSchema } from './schema.ts';

const PREFIX = '/api/blade-desk/dashboard';
const tags = ['blade-desk/dashboard'];

/**
 * `/api/blade-desk/dashboard/*`: `figures`, every figure of /wel/dashboard in one answer, and
 * BladeX DashBoardController's `activities`, `info` and `sign`, answered from this system's own
 * records (BladeX's were sample data): the logs, the caller's account, the usual log's signs.
 */
export function registerDashboardRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The dashboard is everyone's page; each part is answered only to who may read its source.
  const config = { access: 'signedIn' as const };

  api.get(
    `${PREFIX}/figures`,
    {
      config,
      schema: {
        tags,
        operationId: 'deskDashboardFigures',
        summary: "The tenant's figures: users, sign-ins, api calls and errors per day, the warehouse's key figures",
        querystring: z.object({}),
        response: answers(figuresSchema, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const parts = await readableParts(app.platform.permissions, caller);
      return reply.ok(
        await request.readInTenant((trx) => dashboardFigures(trx, caller.tenantId, parts, app.platform.results)),
      );
    },
  );

  api.get(
    `${PREFIX}/activities`,
    {
      config,
      schema: {
        tags,
        operationId: 'deskDashboardActivities',
        summary:
          "The latest activity of the last seven days from the api and usual logs: the tenant's for who may read that log, else the caller's own",
        querystring: z.object({}),
        response: answers(z.array(activitySchema), 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { permissions } = app.platform;
      const reach = {
        api: await permissions.hasAny(caller, API_LOG.read),
        usual: await permissions.hasAny(caller, USUAL_LOG.read),
      };
      return reply.ok(await request.readInTenant((trx) => recentActivities(trx, caller, reach)));
    },
  );

  api.get(
    `${PREFIX}/info`,
    {
      config,
      schema: {
        tags,
        operationId: 'deskDashboardInfo',
        summary: "The caller's desk: account, real name, tenant, and whether (when) they signed today",
        querystring: z.object({}),
        response: answers(deskInfoSchema, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      return reply.ok(await request.readInTenant((trx) => deskInfo(trx, caller)));
    },
  );

  api.post(
    `${PREFIX}/sign`,
    {
      config,
      schema: {
        tags,
        operationId: 'deskDashboardSign',
        summary: "Signs the caller in for today (签到), once a day: an entry 'desk.sign' of the usual log",
        querystring: z.object({}),
        response: answers(signedSchema, 403),
      },
    },
    async (request, reply) => reply.ok(await request.inTenant((trx) => signToday(trx, request))),
  );
}
