import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { dashboardFigures, readableParts } from './figures.ts';
import { figuresSchema } from './schema.ts';

const PREFIX = '/api/blade-desk/dashboard';

/** `/api/blade-desk/dashboard/figures`: every figure of /wel/dashboard in one answer (BladeX's were sample data). */
export function registerDashboardRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${PREFIX}/figures`,
    {
      // The dashboard is everyone's page; each part is answered only to who may read its source.
      config: { access: 'signedIn' },
      schema: {
        tags: ['blade-desk/dashboard'],
        operationId: 'deskDashboardFigures',
        summary: "The tenant's figures: users, sign-ins, api calls and errors per day, the warehouse's key figures",
        querystring: z.object({}),
        response: answers(figuresSchema),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const parts = await readableParts(app.platform.permissions, caller);
      return reply.ok(await request.readInTenant((trx) => dashboardFigures(trx, caller.tenantId, parts)));
    },
  );
}
