import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../../platform/http/envelope.ts';
import { WORK_MENUS } from '../../../flow/index.ts';
import { leaveDetailQuery, leaveInput, leaveSchema } from './schema.ts';
import { leaveDetail, startLeave } from './service.ts';

const PREFIX = '/api/blade-desk/process/leave';
const tags = ['blade-desk/process/leave'];

/** `/api/blade-desk/process/leave`: a leave request started as a process, and its detail. */
export function registerLeaveRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    `${PREFIX}/start-process`,
    {
      config: { access: { permission: 'work_start_flow' } },
      schema: {
        tags,
        operationId: 'deskLeaveStartProcess',
        summary:
          'Saves a leave request and starts its process (processDefinitionId, startTime, endTime, reason, taskUser)',
        body: leaveInput,
        response: answers(leaveSchema, 400, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const leave = await request.inTenant(async (trx) => {
        const id = await startLeave(trx, caller, request.body);
        return leaveDetail(trx, app.platform.permissions, caller, id);
      });
      return reply.ok(leave);
    },
  );

  api.get(
    `${PREFIX}/detail`,
    {
      config: { access: { permission: [...WORK_MENUS, 'flow_follow', 'flow_manager'] } },
      schema: {
        tags,
        operationId: 'deskLeaveDetail',
        summary: 'A leave request, for its applicant and those who take part in or oversee its process',
        querystring: leaveDetailQuery,
        response: answers(leaveSchema, 400, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      return reply.ok(
        await request.inTenant((trx) => leaveDetail(trx, app.platform.permissions, caller, request.query.businessId)),
      );
    },
  );
}
