import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { optional } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { assertInstanceVisible, FLOW_OVERSIGHT, WORK_MENUS } from '../access.ts';
import { definitionXml, requireDefinition } from '../definitions.ts';
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
        endTime: z.date().nullable().describe('null (answered ""): the current (waiting) node'),
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

// The XML is the client's own file: shown as data, never as a document that runs (XML may carry XHTML).
const XML_HEADERS = {
  'content-type': 'application/xml; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
};

/** The instance's definition id, once the caller may see the instance. */
async function definitionOfInstance(
  trx: Parameters<typeof assertInstanceVisible>[0],
  permissions: Parameters<typeof assertInstanceVisible>[1],
  caller: Parameters<typeof assertInstanceVisible>[2],
  instanceId: string,
): Promise<string> {
  await assertInstanceVisible(trx, permissions, caller, instanceId);
  const { rows } = await sql<{ id: string }>`select definition_id as id from flow_instance
    where tenant_id = ${caller.tenantId} and id = ${instanceId}`.execute(trx);
  return rows[0]!.id;
}

/** `/api/blade-flow/process`: a diagram with what an instance went through, and its history. */
export function registerProcessRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // BladeX streams the definition's XML, or with resourceType=image (its default) the PNG Flowable drew
  // at deployment. This server draws no images (the pages draw the XML with bpmn-js): image is refused.
  api.get(
    `${PREFIX}/resource-view`,
    {
      config: { access: { permission: VIEWERS } },
      schema: {
        tags,
        operationId: 'flowProcessResourceView',
        summary: "The BPMN XML of a definition (or an instance's): resourceType=xml; no images are drawn here",
        querystring: z.object({
          processDefinitionId: optional(definitionIdSchema),
          processInstanceId: optional(idSchema),
          resourceType: optional(z.enum(['image', 'xml'])).describe('BladeX’s default is image, refused here'),
        }),
        response: {
          ...answers(z.null(), 400, 404),
          200: { content: { 'application/xml': { schema: z.string().describe('the BPMN 2.0 XML as deployed') } } },
        },
      },
    },
    async (request, reply) => {
      const { processDefinitionId, processInstanceId, resourceType } = request.query;
      const caller = request.ctx.caller!;
      if (!processInstanceId && !processDefinitionId) throw badRequest(m['flow.process.which']);
      const xml = await request.inTenant(async (trx) => {
        if (processDefinitionId) return (await requireDefinition(trx, caller.tenantId, processDefinitionId)).xml;
        const id = await definitionOfInstance(trx, app.platform.permissions, caller, processInstanceId!);
        return definitionXml(trx, caller.tenantId, id);
      });
      if ((resourceType ?? 'image') === 'image') throw badRequest(m['flow.diagram.noImage']);
      return reply.headers(XML_HEADERS).send(xml ?? '');
    },
  );

  // BladeX answers a PNG with the activities the instance went through marked; see resource-view.
  api.get(
    `${PREFIX}/diagram-view`,
    {
      config: { access: { permission: VIEWERS } },
      schema: {
        tags,
        operationId: 'flowProcessDiagramView',
        summary: "An instance's diagram as an image: refused (no images are drawn here; model-view has it)",
        querystring: z.object({ processInstanceId: idSchema }),
        response: answers(z.null(), 400, 404),
      },
    },
    async (request) => {
      const caller = request.ctx.caller!;
      const { processInstanceId } = request.query;
      // Unknown or unseen instances stay 404, as on every other read of an instance.
      await request.inTenant((trx) => assertInstanceVisible(trx, app.platform.permissions, caller, processInstanceId));
      throw badRequest(m['flow.diagram.noImage']);
    },
  );

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
