import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { optional } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { assertInstanceVisible, FLOW_OVERSIGHT, WORK_MENUS } from '../access.ts';
import { requireDefinition } from '../definitions.ts';
import { historyFlowList, instanceDiagram } from '../history.ts';
import { flowMessages as m } from '../messages.ts';
import { definitionIdSchema } from '../schema.ts';

const PREFIX = '/api/blade-flow/process';
const tags = ['blade-flow/process'];
/** Whoever has a work list, oversees processes or designs them may look at diagrams and histories. */
const VIEWERS = [...FLOW_OVERSIGHT, ...WORK_MENUS, 'flow_model', 'work_start_image'];

const modelViewSchema = z.object({
  xml: z.string().describe('the BPMN 2.0 XML of the definition'),
  flow: z
    .array(
      z.object({
        historyActivityId: z.string(),
        historyActivityType: z.string().describe('startEvent, userTask, exclusiveGateway, sequenceFlow, endEvent…'),
        endTime: z.date().nullable().describe('null: the current (waiting) node'),
      }),
    )
    .describe('what the instance went through, in order; empty for a definition'),
});

const historySchema = z.array(
  z.object({
    historyActivityId: z.string(),
    historyActivityName: z.string().nullable(),
    historyActivityType: z.string(),
    taskId: z.string().nullable(),
    createTime: z.date(),
    endTime: z.date().nullable(),
    historyActivityDurationTime: z.string().nullable(),
    assignee: z.string().nullable().describe('taskUser_<userId>'),
    assigneeName: z.string().nullable(),
    comment: z.string().nullable(),
  }),
);

/** `/api/blade-flow/process`: a diagram with what an instance went through, and its history. */
export function registerProcessRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${PREFIX}/model-view`,
    {
      config: { access: { permission: VIEWERS } },
      schema: {
        tags,
        operationId: 'flowProcessModelView',
        summary: 'The diagram of an instance (with what it went through) or of a definition',
        querystring: z.object({
          processInstanceId: optional(idSchema),
          processDefinitionId: optional(definitionIdSchema),
        }),
        response: answers(modelViewSchema, 400, 404),
      },
    },
    async (request, reply) => {
      const { processInstanceId, processDefinitionId } = request.query;
      const caller = request.ctx.caller!;
      if (!processInstanceId && !processDefinitionId) throw badRequest(m['flow.process.which']);
      const view = await request.inTenant(async (trx) => {
        if (!processInstanceId) {
          return { xml: (await requireDefinition(trx, caller.tenantId, processDefinitionId!)).xml, flow: [] };
        }
        await assertInstanceVisible(trx, app.platform.permissions, caller, processInstanceId);
        return instanceDiagram(trx, caller.tenantId, processInstanceId);
      });
      return reply.ok(view);
    },
  );

  api.get(
    `${PREFIX}/history-flow-list`,
    {
      config: { access: { permission: VIEWERS } },
      schema: {
        tags,
        operationId: 'flowProcessHistory',
        summary: 'What happened to an instance: start, each user task with who and their comment, end',
        querystring: z.object({
          processInstanceId: idSchema,
          startActivityId: z.string().max(255).optional(),
          endActivityId: z.string().max(255).optional(),
        }),
        response: answers(historySchema, 400, 404),
      },
    },
    async (request, reply) => {
      const { processInstanceId, startActivityId, endActivityId } = request.query;
      const caller = request.ctx.caller!;
      const items = await request.inTenant(async (trx) => {
        await assertInstanceVisible(trx, app.platform.permissions, caller, processInstanceId);
        return historyFlowList(trx, caller.tenantId, processInstanceId, request.ctx.locale);
      });
      return reply.ok(between(items, startActivityId, endActivityId));
    },
  );
}

/** BladeX's optional window: from the first `start` to the last `end` activity, both kept. */
function between<T extends { historyActivityId: string }>(items: T[], start?: string, end?: string): T[] {
  const from = start ? items.findIndex((i) => i.historyActivityId === start) : 0;
  const to = end ? items.findLastIndex((i) => i.historyActivityId === end) : items.length - 1;
  return from < 0 || to < 0 ? [] : items.slice(from, to + 1);
}
