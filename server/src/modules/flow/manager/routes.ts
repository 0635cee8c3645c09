import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { translate } from '../../../platform/i18n/i18n.ts';
import { flowMessages as m } from '../messages.ts';
import { categorySchema, tenantIdsSchema } from '../schema.ts';
import { flowProcessPageSchema, flowProcessSchema } from '../wire.ts';
import { checkUpload } from './check-upload.ts';
import { definitionPage } from './lists.ts';
import { changeStateQuery, deleteDeploymentQuery, managerListQuery, uploadQuery } from './schema.ts';
import { changeState, deleteDeployments, deployForTenants } from './service.ts';
import { readUpload } from './upload.ts';

const PREFIX = '/api/blade-flow/manager';
const tags = ['blade-flow/manager'];
const READ = ['flow_manager', 'flow_manager_state', 'flow_manager_image', 'flow_manager_remove'];

/** `/api/blade-flow/manager`: the deployed definitions, their state, BPMN uploads and deployment removal. */
export function registerManagerRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${PREFIX}/list`,
    {
      config: { access: { permission: READ } },
      schema: {
        tags,
        operationId: 'flowManagerList',
        summary: 'Deployed process definitions, every version, newest deployment first',
        querystring: managerListQuery,
        response: answers(flowProcessPageSchema, 400),
      },
    },
    async (request, reply) => {
      const { category, key, current, size } = request.query;
      const caller = request.ctx.caller!;
      return reply.ok(
        await request.inTenant((trx) => definitionPage(trx, caller.tenantId, { category, key }, { current, size })),
      );
    },
  );

  api.post(
    `${PREFIX}/change-state`,
    {
      config: { access: { permission: 'flow_manager_state' } },
      schema: {
        tags,
        operationId: 'flowManagerChangeState',
        summary: 'Suspends or activates a definition and its running instances',
        querystring: changeStateQuery,
        response: answers(z.null(), 400, 404),
      },
    },
    async (request, reply) => {
      const { processId, state } = request.query;
      const key = await request.inTenant((trx) => changeState(trx, request.ctx.caller!, processId, state));
      return reply.code(200).send({
        code: 200,
        success: true,
        data: null,
        msg: translate(request.ctx.locale, key, { id: processId }),
      });
    },
  );

  api.post(
    `${PREFIX}/deploy-upload`,
    {
      config: { access: { permission: 'flow_deploy_upload' } },
      schema: {
        tags,
        operationId: 'flowManagerDeployUpload',
        summary: 'Deploys uploaded BPMN files (multipart: files, category, tenantIds), all or none',
        querystring: uploadQuery,
        response: answers(z.array(flowProcessSchema), 400, 403, 409, 413),
      },
    },
    async (request, reply) => {
      const form = await readUpload(request);
      const category = categorySchema.parse(form.fields.category ?? request.query.category);
      const tenantIds = tenantIdsSchema.parse(form.fields.tenantIds ?? request.query.tenantIds);
      const deployed = await deployForTenants(app.platform.tenantDb, request.ctx.caller!, {
        category,
        tenantIds,
        files: form.files,
      });
      return reply.ok(deployed);
    },
  );

  api.post(
    `${PREFIX}/check-upload`,
    {
      config: { access: { permission: 'flow_deploy_upload' } },
      schema: {
        tags,
        operationId: 'flowManagerCheckUpload',
        summary: 'Checks one BPMN file (multipart: file) as deploy-upload would, deploying nothing',
        response: answers(
          z.object({
            name: z.string(),
            success: z.boolean().describe('whether deploy-upload would take the file'),
            msg: z.string().describe('why not, in the caller’s language'),
          }),
          400,
          403,
          413,
        ),
      },
    },
    async (request, reply) => {
      const { files } = await readUpload(request);
      if (files.length !== 1) throw badRequest(m['flow.upload.one']);
      return reply.ok(await checkUpload(files[0]!, request.ctx.locale));
    },
  );

  api.post(
    `${PREFIX}/delete-deployment`,
    {
      config: { access: { permission: 'flow_manager_remove' } },
      schema: {
        tags,
        operationId: 'flowManagerDeleteDeployment',
        summary: 'Deletes deployments; refused while instances run unless cascade=true',
        querystring: deleteDeploymentQuery,
        response: answers(z.null(), 400, 404),
      },
    },
    async (request, reply) => {
      const { deploymentIds, cascade } = request.query;
      const reason = translate(request.ctx.locale, m['flow.deployment.deleted']);
      await request.inTenant((trx) => deleteDeployments(trx, request.ctx.caller!, deploymentIds, { cascade, reason }));
      return reply.ok(null);
    },
  );
}
