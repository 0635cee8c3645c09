import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { noticesWrittenBy, releasedNotices } from './repository.ts';
import { noticeResource } from './resource.ts';
import { noticesQuery, topNoticeSchema, topPageSchema, topQuery } from './schema.ts';

const PREFIX = '/api/blade-desk/notice';
const TAG = 'blade-desk/notice';

/**
 * `/api/blade-desk/notice`: list, page, detail, submit, save, update, remove (BladeX NoticeController); `top`,
 * the latest released notices that the home page shows to everyone of the tenant; and BladeX
 * DashBoardController's `notices` (the same, as a list) and `my-notices` (the ones the caller wrote),
 * which BladeX answered with sample data.
 */
export function registerNoticeRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: noticeResource,
    tag: TAG,
    routes: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    `${PREFIX}/top`,
    {
      // The home page is everyone's: a released notice is meant for the whole tenant.
      config: { access: 'signedIn' },
      schema: {
        tags: [TAG],
        operationId: 'deskNoticeTop',
        summary: "The tenant's released notices (release time reached), newest release first",
        querystring: topQuery,
        response: answers(topPageSchema, 400),
      },
    },
    async (request, reply) => {
      const tenantId = request.ctx.caller!.tenantId;
      return reply.ok(await request.readInTenant((trx) => releasedNotices(trx, tenantId, request.query)));
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    `${PREFIX}/notices`,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: [TAG],
        operationId: 'deskNoticeNotices',
        summary: "The tenant's latest released notices (release time reached), newest release first, as a list",
        querystring: noticesQuery,
        response: answers(z.array(topNoticeSchema), 400, 403),
      },
    },
    async (request, reply) => {
      const tenantId = request.ctx.caller!.tenantId;
      const { size } = request.query;
      const page = await request.readInTenant((trx) => releasedNotices(trx, tenantId, { current: 1, size }));
      return reply.ok(page.records);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    `${PREFIX}/my-notices`,
    {
      // One's own writing: whoever wrote a notice may find it again, released or not.
      config: { access: 'signedIn' },
      schema: {
        tags: [TAG],
        operationId: 'deskNoticeMine',
        summary: 'A page of the notices the caller wrote, released or not, newest release first',
        querystring: topQuery,
        response: answers(topPageSchema, 400, 403),
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = request.ctx.caller!;
      return reply.ok(await request.readInTenant((trx) => noticesWrittenBy(trx, tenantId, userId, request.query)));
    },
  );
}
