import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { idListSchema, idSchema } from '../../../platform/http/ids.ts';
import { treeRowsSchema } from '../../../platform/http/query.ts';
import { dictItemSchema, dictPageSchema, dictRecordSchema, dictTreeSchema } from './answers.ts';
import { type DictionaryResource, dictResource } from './resource.ts';
import {
  childListQuery,
  codeQuery,
  dictListQuery,
  dictPageQuery,
  dictSubmitBody,
  optionalCodeQuery,
} from './schema.ts';
import { dictService } from './service.ts';

/**
 * The endpoints of a dictionary table (BladeX DictController / DictBizController): list, parent-list,
 * child-list (paged), detail, tree, parent-tree, submit, remove, and dictionary / dictionary-tree, which
 * every screen reads to fill its choices.
 */
export function registerDictionaryRoutes(app: FastifyInstance, resource: DictionaryResource): void {
  const { prefix, permissions } = resource;
  const service = dictService(resource);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.tag];
  const read = { access: { permission: permissions.read } };
  const platform = resource.platformWrites;

  api.get(
    `${prefix}/list`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Every dictionary and item the filters match (BladeX suffix operators), as an array tree by sort',
        querystring: dictListQuery,
        response: answers(treeRowsSchema, 400, 403),
      },
    },
    async (request, reply) =>
      reply.ok(await request.inTenant((trx) => service.list(trx, request.ctx.caller!.tenantId, request.query))),
  );

  api.get(
    `${prefix}/parent-list`,
    {
      config: read,
      schema: {
        tags,
        summary: 'A page of the dictionaries (the roots)',
        querystring: dictPageQuery,
        response: answers(dictPageSchema, 400, 403),
      },
    },
    async (request, reply) =>
      reply.ok(await request.inTenant((trx) => service.parentList(trx, request.ctx.caller!.tenantId, request.query))),
  );

  api.get(
    `${prefix}/child-list`,
    {
      config: read,
      schema: {
        tags,
        summary: "A page of a dictionary's items (parentId)",
        querystring: childListQuery,
        response: answers(dictPageSchema, 400, 403),
      },
    },
    async (request, reply) =>
      reply.ok(await request.inTenant((trx) => service.childList(trx, request.ctx.caller!.tenantId, request.query))),
  );

  api.get(
    `${prefix}/detail`,
    {
      config: read,
      schema: {
        tags,
        summary: 'A dictionary or an item',
        querystring: z.object({ id: idSchema }),
        response: answers(dictRecordSchema, 400, 403, 404),
      },
    },
    async (request, reply) =>
      reply.ok(await request.inTenant((trx) => service.detail(trx, request.ctx.caller!.tenantId, request.query.id))),
  );

  api.get(
    `${prefix}/tree`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Every dictionary with its items, or one (code), as a tree',
        querystring: optionalCodeQuery,
        response: answers(dictTreeSchema, 400, 403),
      },
    },
    async (request, reply) =>
      reply.ok(await request.inTenant((trx) => service.tree(trx, request.ctx.caller!.tenantId, request.query.code))),
  );

  const parentTree = {
    tags,
    summary: 'The dictionaries (the roots), as a tree',
    response: answers(dictTreeSchema, 403),
  };
  api.get(`${prefix}/parent-tree`, { config: read, schema: parentTree }, async (request, reply) =>
    reply.ok(await request.inTenant((trx) => service.parentTree(trx, request.ctx.caller!.tenantId))),
  );

  const signedIn = { access: 'signedIn' as const };
  api.get(
    `${prefix}/dictionary`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "A dictionary's usable items (not sealed), in order: what screens fill their choices with",
        querystring: codeQuery,
        response: answers(z.array(dictItemSchema), 400),
      },
    },
    async (request, reply) =>
      reply.ok(
        await request.inTenant((trx) => service.dictionary(trx, request.ctx.caller!.tenantId, request.query.code)),
      ),
  );
  api.get(
    `${prefix}/dictionary-tree`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "A dictionary's usable items as a tree",
        querystring: codeQuery,
        response: answers(dictTreeSchema, 400),
      },
    },
    async (request, reply) =>
      reply.ok(
        await request.inTenant((trx) => service.dictionaryTree(trx, request.ctx.caller!.tenantId, request.query.code)),
      ),
  );

  api.post(
    `${prefix}/submit`,
    {
      config: { access: { permission: [permissions.add, permissions.edit], platform } },
      schema: {
        tags,
        summary: 'Submit a dictionary or an item (adds it without id, updates it with one)',
        body: dictSubmitBody,
        response: answers(dictRecordSchema, 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      await request.requirePermission(request.body.id ? permissions.edit : permissions.add);
      return reply.ok(await request.inTenant((trx) => service.submit(trx, caller.tenantId, request.body)));
    },
  );

  api.post(
    `${prefix}/remove`,
    {
      config: { access: { permission: permissions.remove, platform } },
      schema: {
        tags,
        summary: 'Remove dictionaries or items (ids comma-separated; all or none)',
        querystring: z.object({ ids: idListSchema }),
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await request.inTenant((trx) => service.remove(trx, request.ctx.caller!.tenantId, request.query.ids));
      return reply.ok(null);
    },
  );
}

/** `/api/blade-system/dict/*`: the platform's system dictionaries. */
export function registerDictRoutes(app: FastifyInstance): void {
  registerDictionaryRoutes(app, dictResource);
}
