import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../http/envelope.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { optional, updateOf } from '../http/fields.ts';
import { idListSchema, idSchema, parentIdSchema } from '../http/ids.ts';
import { pageQuerySchema } from '../http/query.ts';
import type { AuditOptions } from '../http/request-context.ts';
import type { Caller } from '../tenancy/context.ts';
import type { AnyTrx } from '../tenancy/tenant-db.ts';
import { type ResourceName, recordPageSchema, recordSchema, resourceName, treeNodeSchema } from './answers.ts';
import { scopeOf } from './data-scope.ts';
import { registerPickerRoute } from './picker.ts';
import { assertUnreferenced } from './references.ts';
import { crudRepository, type Row } from './repository.ts';
import type { CrudResource } from './resource.ts';
import { buildTree } from './tree.ts';

export type CrudRoute =
  | 'list'
  | 'page'
  | 'detail'
  | 'submit'
  | 'save'
  | 'update'
  | 'remove'
  | 'tree'
  | 'listTree'
  | 'lazy-tree';

export interface CrudRoutesOptions {
  /** The URL prefix, e.g. `/api/blade-system/param`. */
  prefix: string;
  resource: CrudResource;
  /** OpenAPI tag. */
  tag: string;
  /** How the document's summaries name the records (`post`, `posts`); from the tag's last word by default. */
  name?: Partial<ResourceName>;
  routes?: readonly CrudRoute[];
  audit?: AuditOptions;
}

const asList = (codes: string | readonly string[]) => (typeof codes === 'string' ? [codes] : codes);
const withoutUndefined = <T extends Record<string, unknown>>(values: T): T =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as T;

type Codes = string | readonly string[];

/**
 * The three writes of one record: the codes the route admits (the handler then checks add or edit by
 * whether an id came), the id the body takes, and the summary.
 */
export const WRITES = {
  submit: {
    codes: (add: Codes, edit: Codes) => [...asList(add), ...asList(edit)],
    id: optional(idSchema),
    summary: (one: string) => `Submit a ${one} (adds it without id, updates it with one)`,
  },
  // BladeX's save is MyBatis-Plus `save`, an INSERT: it never updates, and with an id it would insert
  // under the id the client chose. Ids are drawn here, so an id is refused (see docs/decisions.md).
  save: {
    codes: (add: Codes) => asList(add),
    id: optional(idSchema).describe('must be absent or empty: save only adds (update or submit change a record)'),
    summary: (one: string) => `Add a ${one} (an id is refused: save only adds)`,
  },
  update: {
    codes: (_add: Codes, edit: Codes) => asList(edit),
    id: idSchema,
    summary: (one: string) => `Update a ${one}`,
  },
} as const;

/** `save` only adds: an id sent to it is refused (a blank one was read as none already). */
export function refuseIdOnSave(route: keyof typeof WRITES, id: string | undefined): void {
  if (route === 'save' && id) throw badRequest('error.save.idGiven');
}

/**
 * The BladeX CRUD endpoints of one resource: `list` and `page` (paged, filtered, sorted), `detail?id=`,
 * `submit` (insert without id, update with it; partial updates keep absent fields), `save` (insert
 * only), `update` (update only) and `remove?ids=`
 * (soft delete, all or nothing). Input is validated, the tenant is enforced, and each action checks
 * its permission code on the server.
 */
export function registerCrudRoutes(app: FastifyInstance, options: CrudRoutesOptions): void {
  const { prefix, resource, tag } = options;
  const routes = new Set<CrudRoute>(
    options.routes ?? ['list', 'page', 'detail', 'submit', 'remove', 'tree', 'lazy-tree'],
  );
  const repo = crudRepository(resource);
  const perms = resource.permissions;
  const platform = resource.platformOnly === true;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const updateInput = updateOf(resource.input);
  const { one, many } = resourceName(tag, options.name);
  const record = recordSchema(resource);

  for (const route of ['list', 'page'] as const) {
    if (!routes.has(route)) continue;
    api.get(
      `${prefix}/${route}`,
      {
        config: { access: { permission: perms.read, platform } },
        schema: {
          tags: [tag],
          summary: route === 'page' ? `Page of ${many}` : `List of ${many} (paged)`,
          description:
            'Filtered by any field (BladeX suffix operators: `name_like`, `createTime_datege`), sorted by ascs/descs.',
          querystring: pageQuerySchema.loose(),
          response: answers(recordPageSchema(resource), 400, 403),
        },
      },
      async (request, reply) => {
        const caller = request.ctx.caller!;
        const scope = await scopeOf(app.platform.permissions, resource, caller);
        const page = await request.readInTenant((trx) => repo.decoratedPage(trx, caller, request.query, scope));
        return reply.ok(page);
      },
    );
  }

  if (resource.tree) registerTreeRoutes(app, options, routes);
  registerPickerRoute(app, prefix, resource, tag, `${many[0]!.toUpperCase()}${many.slice(1)} to pick from`);

  if (routes.has('detail')) {
    api.get(
      `${prefix}/detail`,
      {
        config: { access: { permission: perms.read, platform } },
        schema: {
          tags: [tag],
          summary: `Detail of a ${one}`,
          querystring: z.object({ id: idSchema }),
          response: answers(record, 400, 403, 404),
        },
      },
      async (request, reply) => {
        const caller = request.ctx.caller!;
        const scope = await scopeOf(app.platform.permissions, resource, caller);
        const record = await request.readInTenant(async (trx) => {
          const found = await repo.find(trx, caller, request.query.id, scope);
          return found && ((await resource.hooks?.decorate?.(trx, caller, [found]))?.[0] ?? found);
        });
        if (!record) throw notFound();
        return reply.ok(record);
      },
    );
  }

  // `submit` inserts without an id and updates with one; BladeX's separate `save` only inserts and `update` only updates.
  for (const route of ['submit', 'save', 'update'] as const) {
    if (!routes.has(route)) continue;
    const write = WRITES[route];
    api.post(
      `${prefix}/${route}`,
      {
        config: { access: { permission: write.codes(perms.add, perms.edit), platform }, audit: options.audit },
        schema: {
          tags: [tag],
          summary: write.summary(one),
          body: updateInput.extend({ id: write.id }).loose(),
          response: answers(record, 400, 403, 404, 409),
        },
      },
      async (request, reply) => {
        const caller = request.ctx.caller!;
        const { id } = request.body;
        refuseIdOnSave(route, id);
        await request.requirePermission(id ? perms.edit : perms.add);
        // A field given as "" parses to undefined (not given): it changes nothing, as an absent one.
        const values = withoutUndefined((id ? updateInput : resource.input).strip().parse(request.body));
        Object.assign(values, await resource.hooks?.prepare?.(request, values, id));
        const scope = await scopeOf(app.platform.permissions, resource, caller);
        const record = await request.inTenant(async (trx) => {
          const existing = id ? await repo.find(trx, caller, id, scope) : undefined;
          if (id && !existing) throw notFound();
          if (id) await resource.hooks?.beforeAct?.(trx, caller, [id]);
          await resource.hooks?.beforeSave?.(trx, caller, values, existing);
          const saved = id ? await repo.update(trx, caller, id, values) : await repo.insert(trx, caller, values);
          await resource.hooks?.afterSave?.(trx, caller, saved, values, existing);
          return saved;
        });
        return reply.ok(record);
      },
    );
  }

  if (routes.has('remove')) {
    api.post(
      `${prefix}/remove`,
      {
        config: { access: { permission: perms.remove, platform }, audit: options.audit },
        schema: {
          tags: [tag],
          summary: `Remove ${many} (ids comma-separated; all or none)`,
          querystring: z.object({ ids: idListSchema }),
          response: answers(z.null(), 400, 403, 404, 409),
        },
      },
      async (request, reply) => {
        const caller = request.ctx.caller!;
        const { ids } = request.query;
        const scope = await scopeOf(app.platform.permissions, resource, caller);
        await request.inTenant(async (trx) => {
          // What the caller cannot see is not found, before any rule could tell it exists.
          await repo.requireAll(trx, caller, ids, scope);
          await resource.hooks?.beforeAct?.(trx, caller, ids);
          // The resource's own rules first: their messages are the more specific (a material's stock).
          await resource.hooks?.beforeRemove?.(trx, caller, ids);
          await assertUnreferenced(trx, caller, resource, ids);
          await repo.softDelete(trx, caller, ids, scope);
        });
        await resource.hooks?.afterRemove?.(caller, ids);
        return reply.ok(null);
      },
    );
  }
}

/**
 * `tree` or `listTree` (the whole tree, filters apply; the warehouse's name for it) and
 * `lazy-tree?parentId=` (one level) of a tree resource.
 */
function registerTreeRoutes(app: FastifyInstance, options: CrudRoutesOptions, routes: Set<CrudRoute>): void {
  const { prefix, resource, tag } = options;
  const tree = resource.tree!;
  const repo = crudRepository(resource);
  const access = { permission: resource.permissions.read, platform: resource.platformOnly === true };
  const { one, many } = resourceName(tag, options.name);
  const treeNode = treeNodeSchema(recordSchema(resource));
  const node = (row: Row) => ({
    ...row,
    parentId: String(row[tree.parent] ?? '0'),
    title: String(row[tree.title] ?? ''),
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const decorate = async (trx: AnyTrx, caller: Caller, rows: Row[]) =>
    (await resource.hooks?.decorate?.(trx, caller, rows)) ?? rows;
  for (const route of ['tree', 'listTree'] as const) {
    if (!routes.has(route)) continue;
    api.get(
      `${prefix}/${route}`,
      {
        config: { access },
        schema: {
          tags: [tag],
          summary: `Tree of ${many}`,
          description: 'The whole tree; filters as a page takes them.',
          querystring: z.looseObject({}),
          response: answers(z.array(treeNode), 400, 403),
        },
      },
      async (request, reply) => {
        const caller = request.ctx.caller!;
        const scope = await scopeOf(app.platform.permissions, resource, caller);
        const rows = await request.readInTenant(async (trx) =>
          decorate(trx, caller, await repo.all(trx, caller, request.query, scope)),
        );
        return reply.ok(buildTree(rows.map((r) => node(r) as Row & { id: string; parentId: string; title: string })));
      },
    );
  }
  if (routes.has('lazy-tree')) {
    api.get(
      `${prefix}/lazy-tree`,
      {
        config: { access },
        schema: {
          tags: [tag],
          summary: `One level of the ${one} tree (the children of parentId)`,
          querystring: z.object({ parentId: parentIdSchema.default('0') }),
          response: answers(z.array(treeNode), 400, 403),
        },
      },
      async (request, reply) => {
        const caller = request.ctx.caller!;
        const scope = await scopeOf(app.platform.permissions, resource, caller);
        const rows = await request.readInTenant(async (trx) =>
          decorate(trx, caller, await repo.children(trx, caller, request.query.parentId, scope)),
        );
        return reply.ok(rows.map((r) => ({ ...node(r), key: String(r.id), value: String(r.id) })));
      },
    );
  }
}
