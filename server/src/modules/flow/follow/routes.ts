import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { deleteInstance } from '../runtime/remove.ts';
import { flowExecutionPageSchema, runningPage } from './lists.ts';
import { deleteInstanceQuery, followListQuery } from './schema.ts';

const PREFIX = '/api/blade-flow/follow';
const tags = ['blade-flow/follow'];

/** `/api/blade-flow/follow`: the tenant's running instances, and their deletion with a reason. */
export function registerFollowRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${PREFIX}/list`,
    {
      config: { access: { permission: ['flow_follow', 'flow_follow_delete'] } },
      schema: {
        tags,
        operationId: 'flowFollowList',
        summary: 'Running process instances of the tenant',
        querystring: followListQuery,
        response: answers(flowExecutionPageSchema, 400),
      },
    },
    async (request, reply) => {
      const { processInstanceId, processDefinitionKey, current, size } = request.query;
      const filter = { processInstanceId: processInstanceId || undefined, processDefinitionKey };
      return reply.ok(
        await request.inTenant((trx) => runningPage(trx, request.ctx.caller!, filter, { current, size })),
      );
    },
  );

  api.post(
    `${PREFIX}/delete-process-instance`,
    {
      config: { access: { permission: 'flow_follow_delete' } },
      schema: {
        tags,
        operationId: 'flowFollowDeleteInstance',
        summary: 'Ends a running instance with a reason: its open tasks close, its history stays',
        querystring: deleteInstanceQuery,
        response: answers(z.null(), 400, 404),
      },
    },
    async (request, reply) => {
      const { processInstanceId, deleteReason } = request.query;
      await request.inTenant((trx) => deleteInstance(trx, request.ctx.caller!, processInstanceId, deleteReason));
      return reply.ok(null);
    },
  );
}
