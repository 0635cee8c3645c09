import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { forbidden } from '../../../platform/http/errors.ts';
import { idListSchema, idSchema } from '../../../platform/http/ids.ts';
import { chosenTenant } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { userTargets } from '../../user/targets.ts';
import { deptListSchema, deptRecordSchema, deptRowSchema, deptTreeSchema } from './answers.ts';
import {
  deptInput,
  deptLazyListQuery,
  deptLazyTreeQuery,
  deptSelectQuery,
  deptSubmitBody,
  deptTreeQuery,
  deptUpdate,
} from './schema.ts';
import {
  deptDetail,
  deptLazyTree,
  deptTree,
  lazyListDepts,
  listDepts,
  removeDepts,
  saveDept,
  userDepts,
} from './service.ts';

const PREFIX = '/api/blade-system/dept';
const tags = ['system/dept'];
const READ = ['dept', 'dept_view'];
// The user form and search pick depts from the tree, so whoever manages users may read it too.
const PICK = [...READ, 'user', 'user_add', 'user_edit', 'user_view'];

/** `/api/blade-system/dept/*` (BladeX DeptController): list, lazy-list, tree, lazy-tree, detail, submit, remove, select. */
export function registerDeptRoutes(app: FastifyInstance): void {
  const users = userTargets(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The caller's tenant; the platform administrator may name another (it sets up users there). */
  function inChosenTenant<T>(
    request: FastifyRequest,
    wanted: string | undefined,
    work: (trx: AnyTrx, tenantId: string) => Promise<T>,
  ) {
    const caller = request.ctx.caller!;
    const tenantId = chosenTenant(caller, wanted);
    if (tenantId !== caller.tenantId) return app.platform.tenantDb.inTenant(tenantId, (trx) => work(trx, tenantId));
    return request.inTenant((trx) => work(trx, caller.tenantId));
  }

  api.get(
    `${PREFIX}/list`,
    {
      config: { access: { permission: READ } },
      schema: {
        tags,
        summary: 'The depts the filters match (BladeX suffix operators), nested as a forest',
        querystring: z.looseObject({}),
        response: answers(deptListSchema, 400, 403),
      },
    },
    async (request, reply) => {
      const { tenantId } = request.ctx.caller!;
      return reply.ok(await request.inTenant((trx) => listDepts(trx, tenantId, request.query)));
    },
  );

  api.get(
    `${PREFIX}/lazy-list`,
    {
      config: { access: { permission: READ } },
      schema: {
        tags,
        summary: 'The depts one level below parentId (a search without it: every match, nested)',
        querystring: deptLazyListQuery,
        response: answers(deptListSchema, 400, 403),
      },
    },
    async (request, reply) => {
      const { tenantId } = request.ctx.caller!;
      const { parentId, ...filters } = request.query;
      return reply.ok(await request.inTenant((trx) => lazyListDepts(trx, tenantId, parentId, filters)));
    },
  );

  api.get(
    `${PREFIX}/tree`,
    {
      config: { access: { permission: PICK } },
      schema: {
        tags,
        summary: "The tenant's depts as a tree (the platform administrator may name a tenant)",
        querystring: deptTreeQuery,
        response: answers(deptTreeSchema, 400, 403),
      },
    },
    async (request, reply) => reply.ok(await inChosenTenant(request, request.query.tenantId, deptTree)),
  );

  api.get(
    `${PREFIX}/lazy-tree`,
    {
      config: { access: { permission: PICK } },
      schema: {
        tags,
        summary: 'The tree nodes one level below parentId, each saying whether it has children',
        querystring: deptLazyTreeQuery,
        response: answers(deptTreeSchema, 400, 403),
      },
    },
    async (request, reply) => {
      const { tenantId, parentId } = request.query;
      return reply.ok(await inChosenTenant(request, tenantId, (trx, t) => deptLazyTree(trx, t, parentId)));
    },
  );

  api.get(
    `${PREFIX}/detail`,
    {
      config: { access: { permission: READ } },
      schema: {
        tags,
        summary: 'A dept',
        querystring: z.object({ id: idSchema }),
        response: answers(deptRecordSchema, 400, 403, 404),
      },
    },
    async (request, reply) => {
      const { tenantId } = request.ctx.caller!;
      return reply.ok(await request.inTenant((trx) => deptDetail(trx, tenantId, request.query.id)));
    },
  );

  api.post(
    `${PREFIX}/submit`,
    {
      config: { access: { permission: ['dept_add', 'dept_edit'] } },
      schema: {
        tags,
        summary: 'Submit a dept (adds it without id, updates it with one; a move carries its subtree)',
        body: deptSubmitBody,
        response: answers(deptRecordSchema, 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { id } = request.body;
      await request.requirePermission(id ? 'dept_edit' : 'dept_add');
      const values = (id ? deptUpdate : deptInput).parse(request.body);
      return reply.ok(await request.inTenant((trx) => saveDept(trx, caller.tenantId, id, values)));
    },
  );

  api.post(
    `${PREFIX}/remove`,
    {
      config: { access: { permission: 'dept_delete' } },
      schema: {
        tags,
        summary: 'Remove depts (ids comma-separated; all or none; not one with users or other children)',
        querystring: z.object({ ids: idListSchema }),
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const { tenantId } = request.ctx.caller!;
      await request.inTenant((trx) => removeDepts(trx, tenantId, request.query.ids));
      return reply.ok(null);
    },
  );

  api.get(
    `${PREFIX}/select`,
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "A user's depts (the caller's own unless userId names another: then dept or user rights)",
        querystring: deptSelectQuery,
        response: answers(z.array(deptRowSchema), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const userId = request.query.userId ?? caller.userId;
      // Anyone may list their own depts (the dept switch); another user's need the right to manage depts or users.
      if (userId !== caller.userId && !(await app.platform.permissions.hasAny(caller, PICK))) throw forbidden();
      await users.assertVisible(request, [userId]);
      return reply.ok(await request.inTenant((trx) => userDepts(trx, caller.tenantId, userId)));
    },
  );
}
