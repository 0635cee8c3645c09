import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { releasedNotices } from './repository.ts';
import { noticeResource } from './resource.ts';
import { topPageSchema, topQuery } from './schema.ts';

const PREFIX = '/api/blade-desk/notice';
const TAG = 'blade-desk/notice';

/**
 * `/api/blade-desk/notice`: list, page, detail, submit, save, update, remove (BladeX NoticeController), and `top`,
 * the latest released notices that the home page shows to everyone of the tenant.
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
}
