import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idListSchema } from '../../platform/http/ids.ts';
import { loginFailures } from '../auth/login-failures.ts';
import { accountsOf } from './account.ts';

/** `/api/blade-user/*`: for now `unlock`, which clears sign-in failures of users of the caller's tenant. */
export function registerUserRoutes(app: FastifyInstance): void {
  const failures = loginFailures(app.platform.store);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/blade-user/unlock',
    {
      config: { access: { permission: 'user_unlock' } },
      schema: { tags: ['user'], querystring: z.object({ userIds: idListSchema }) },
    },
    async (request, reply) => {
      const { tenantId } = request.ctx.caller!;
      const users = await request.inTenant((trx) => accountsOf(trx, tenantId, request.query.userIds));
      await Promise.all(users.map((u) => failures.clear(tenantId, u.account)));
      return reply.ok(null);
    },
  );
}
