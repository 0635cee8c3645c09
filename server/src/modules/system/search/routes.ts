import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordPageSchema } from '../../../platform/crud/answers.ts';
import { crudRepository } from '../../../platform/crud/repository.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { ADMINISTRATOR_ROLE, isPlatformAdministrator } from '../../../platform/tenancy/context.ts';
import { deptRecordSchema } from '../dept/answers.ts';
import { searchDepts } from '../dept/service.ts';
import { POST_READ, postResource } from '../post/resource.ts';
import { roleRecordSchema } from '../role/answers.ts';
import { listRoles } from '../role/repository.ts';
import { deptSearchQuery, postSearchQuery, roleSearchQuery } from './schema.ts';

const PREFIX = '/api/blade-system/search';
const tags = ['system/search'];
// The pickers of the user form: whoever may read the screen, or manage the users who are given them
// (the same codes as role/tree, dept/tree and post/select).
const USER_FORM = ['user', 'user_add', 'user_edit', 'user_view'];
const ROLE_PICK = ['role', 'role_view', ...USER_FORM, 'user_role'];
const DEPT_PICK = ['dept', 'dept_view', ...USER_FORM];
const POST_PICK = [...POST_READ, ...USER_FORM];

// A name search matches anywhere in the name (the map-style filter without suffix), as BladeX's `like`.
const postsByName = crudRepository({ ...postResource, filterStyle: 'map' });

/**
 * `/api/blade-system/search/*` (BladeX SearchController): roles, depts and posts of the caller's
 * tenant whose name contains the given text, for the pickers that look one up by name.
 */
export function registerSearchRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${PREFIX}/role`,
    {
      config: { access: { permission: ROLE_PICK } },
      schema: {
        tags,
        summary: "The caller's tenant's roles whose name contains roleName (children of parentId when given)",
        querystring: roleSearchQuery,
        response: answers(roleRecordSchema.array(), 400, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { roleName, parentId } = request.query;
      const rows = await request.readInTenant((trx) =>
        listRoles(trx, caller.tenantId, { roleName, parentId_equal: parentId }),
      );
      // As the role tree the pickers read: the administrator role is the platform administrator's alone.
      const admin = isPlatformAdministrator(caller);
      return reply.ok(rows.filter((r) => admin || r.roleAlias !== ADMINISTRATOR_ROLE));
    },
  );

  api.get(
    `${PREFIX}/dept`,
    {
      config: { access: { permission: DEPT_PICK } },
      schema: {
        tags,
        summary: "The caller's tenant's depts whose name contains deptName (children of parentId when given)",
        querystring: deptSearchQuery,
        response: answers(deptRecordSchema.array(), 400, 403),
      },
    },
    async (request, reply) => {
      const { tenantId } = request.ctx.caller!;
      return reply.ok(await request.readInTenant((trx) => searchDepts(trx, tenantId, request.query)));
    },
  );

  api.get(
    `${PREFIX}/post`,
    {
      config: { access: { permission: POST_PICK } },
      schema: {
        tags,
        summary: "A page of the caller's tenant's posts whose name contains postName",
        querystring: postSearchQuery,
        response: answers(recordPageSchema(postResource), 400, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { current, size, postName } = request.query;
      return reply.ok(
        await request.readInTenant((trx) => postsByName.decoratedPage(trx, caller, { current, size, postName })),
      );
    },
  );
}
