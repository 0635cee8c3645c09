import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ExpressionBuilder, sql } from 'kysely';
import { z } from 'zod';
import { recordPageSchema, recordSchema } from '../../platform/crud/answers.ts';
import { scopeOf } from '../../platform/crud/data-scope.ts';
import { crudRepository } from '../../platform/crud/repository.ts';
import type { CrudResource, QueryFilter } from '../../platform/crud/resource.ts';
import { answers } from '../../platform/http/envelope.ts';
import { optional } from '../../platform/http/fields.ts';
import { escapeLike, pageQuerySchema } from '../../platform/http/query.ts';
import { userResource } from './resource.ts';

/**
 * Users holding any live dept (or post) of the tenant whose name contains the text: a user's depts
 * and posts are comma-joined ids, so the named rows' ids are matched against them as arrays.
 */
function holdsNamed(table: 'blade_dept' | 'blade_post', idColumn: string, nameColumn: string): QueryFilter {
  return {
    kind: 'text',
    // biome-ignore lint/suspicious/noExplicitAny: applies to blade_user, which has no declared type here
    where: (eb: ExpressionBuilder<any, any>, value, caller) =>
      eb(
        sql`string_to_array(${sql.ref(idColumn)}, ',')`,
        '&&',
        sql`array(select id::text from ${sql.table(table)} where tenant_id = ${caller.tenantId} and is_deleted = 0
          and ${sql.ref(nameColumn)} ilike ${`%${escapeLike(value)}%`})`,
      ),
  };
}

const text = optional(z.string().trim().max(64));

/** `search/user`: BladeX binds a UserVO; its name and the names of a user's depts and posts search. */
const userSearchQuery = pageQuerySchema
  .pick({ current: true, size: true })
  .extend({ name: text, realName: text, account: text, deptName: text, postName: text });

/**
 * `search/user` (a page of the users matching by name, dept name or post name) and `user-list` (the
 * users equal on every field given, BladeX's entity binding, as a list). Both read what the user list
 * reads: the caller's tenant, within the caller's data scope, for the user screen's readers.
 */
export function registerUserSearchRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const resource = userResource(app.platform.sessions);
  const searchable: CrudResource = {
    ...resource,
    queryFilters: {
      ...resource.queryFilters,
      deptName: holdsNamed('blade_dept', 'dept_id', 'dept_name'),
      postName: holdsNamed('blade_post', 'post_id', 'post_name'),
    },
  };
  const searched = crudRepository(searchable);
  const byEquality = crudRepository({ ...resource, filterStyle: 'entity' });
  const access = { permission: resource.permissions.read };

  api.get(
    '/search/user',
    {
      config: { access },
      schema: {
        tags: ['user'],
        summary:
          "A page of the tenant's users whose name, real name or account, dept name or post name contain the text",
        querystring: userSearchQuery,
        response: answers(recordPageSchema(resource), 400, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const scope = await scopeOf(app.platform.permissions, resource, caller);
      return reply.ok(await request.readInTenant((trx) => searched.decoratedPage(trx, caller, request.query, scope)));
    },
  );

  api.get(
    '/user-list',
    {
      config: { access },
      schema: {
        tags: ['user'],
        summary: "The tenant's users equal on every field given (account, deptId, roleId, ...), at most 10000",
        querystring: z.looseObject({}),
        response: answers(z.array(recordSchema(resource)), 400, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const scope = await scopeOf(app.platform.permissions, resource, caller);
      return reply.ok(await request.readInTenant((trx) => byEquality.all(trx, caller, request.query, scope)));
    },
  );
}
