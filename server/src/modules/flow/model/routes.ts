import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { deployForTenants } from '../manager/service.ts';
import { flowMessages as m } from '../messages.ts';
import { flowProcessSchema } from '../wire.ts';
import { findModel, modelPage, removeModels, saveModel } from './repository.ts';
import {
  flowModelPageSchema,
  flowModelSchema,
  modelDeployQuery,
  modelDetailQuery,
  modelInput,
  modelListQuery,
  modelRemoveQuery,
  modelSubmitBody,
} from './schema.ts';

const PREFIX = '/api/blade-flow/model';
const tags = ['blade-flow/model'];
const READ = ['flow_model', 'flow_model_create', 'flow_model_update', 'flow_model_deploy', 'flow_model_download'];

/** `/api/blade-flow/model`: BPMN models (drafts the modeler saves), and their deployment. */
export function registerModelRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${PREFIX}/list`,
    {
      config: { access: { permission: READ } },
      schema: {
        tags,
        operationId: 'flowModelList',
        summary: 'The tenant’s models, last changed first (without their XML)',
        querystring: modelListQuery,
        response: answers(flowModelPageSchema, 400),
      },
    },
    async (request, reply) =>
      reply.ok(await request.inTenant((trx) => modelPage(trx, request.ctx.caller!, request.query))),
  );

  api.get(
    `${PREFIX}/detail`,
    {
      config: { access: { permission: READ } },
      schema: {
        tags,
        operationId: 'flowModelDetail',
        summary: 'A model with its BPMN XML (modelEditorXml)',
        querystring: modelDetailQuery,
        response: answers(flowModelSchema, 400, 404),
      },
    },
    async (request, reply) => {
      const model = await request.inTenant((trx) => findModel(trx, request.ctx.caller!, request.query.id));
      if (!model) throw notFound();
      return reply.ok(model);
    },
  );

  api.post(
    `${PREFIX}/submit`,
    {
      config: { access: { permission: ['flow_model_create', 'flow_model_update'] } },
      schema: {
        tags,
        operationId: 'flowModelSubmit',
        summary: 'Creates a model (no id) or changes one (id): name, modelKey, description, modelEditorXml',
        body: modelSubmitBody,
        response: answers(flowModelSchema, 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const { id } = request.body;
      await request.requirePermission(id ? 'flow_model_update' : 'flow_model_create');
      const values = (id ? modelInput.partial() : modelInput).strip().parse(request.body);
      return reply.ok(await request.inTenant((trx) => saveModel(trx, request.ctx.caller!, id, values)));
    },
  );

  api.post(
    `${PREFIX}/remove`,
    {
      config: { access: { permission: 'flow_model_delete' } },
      schema: {
        tags,
        operationId: 'flowModelRemove',
        summary: 'Removes models (deployments made from them stay)',
        querystring: modelRemoveQuery,
        response: answers(z.null(), 400, 404),
      },
    },
    async (request, reply) => {
      await request.inTenant((trx) => removeModels(trx, request.ctx.caller!, request.query.ids));
      return reply.ok(null);
    },
  );

  api.post(
    `${PREFIX}/deploy`,
    {
      config: { access: { permission: 'flow_model_deploy' } },
      schema: {
        tags,
        operationId: 'flowModelDeploy',
        summary: 'Deploys a model’s BPMN with a category (into tenantIds: the platform administrator only)',
        querystring: modelDeployQuery,
        response: answers(z.array(flowProcessSchema), 400, 403, 404, 409, 413),
      },
    },
    async (request, reply) => {
      const { modelId, category, tenantIds } = request.query;
      const caller = request.ctx.caller!;
      const model = await request.inTenant((trx) => findModel(trx, caller, modelId));
      if (!model) throw notFound();
      if (!model.modelEditorXml?.trim()) throw badRequest(m['flow.model.xml.missing'], { name: model.name });
      const file = { name: `${model.modelKey}.bpmn20.xml`, xml: model.modelEditorXml };
      return reply.ok(await deployForTenants(app.platform.tenantDb, caller, { category, tenantIds, files: [file] }));
    },
  );
}
