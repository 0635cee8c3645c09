import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../http/envelope.ts';
import { recordSchema, treeNodeSchema } from './answers.ts';
import { scopeOf } from './data-scope.ts';
import { crudRepository, type Row } from './repository.ts';
import type { CrudResource } from './resource.ts';
import { buildTree } from './tree.ts';

const asList = (codes: string | readonly string[]) => (typeof codes === 'string' ? [codes] : codes);

/** Only the picker's own fields (and status) filter: a filter on a hidden field would reveal it. */
function pickerQuery(query: Row, allowed: ReadonlySet<string>): Row {
  return Object.fromEntries(Object.entries(query).filter(([key]) => allowed.has(key.split('_')[0] ?? '')));
}

/**
 * `select`: the narrow read of the screens that pick this resource in their forms and filters (a
 * provider on a refuel, a person on a warrant): id and the picker's fields only, never the whole
 * record, for the resource's own read codes and the picking screens' codes. Trees answer tree nodes.
 */
export function registerPickerRoute(
  app: FastifyInstance,
  prefix: string,
  resource: CrudResource,
  tag: string,
  summary: string,
) {
  const picker = resource.picker;
  if (!picker) return;
  const repo = crudRepository(resource);
  const parent = resource.tree?.parent;
  const keep = ['id', ...(parent ? [parent] : []), ...picker.fields];
  const allowed = new Set([...picker.fields, 'status']);
  const fields = recordSchema(resource).shape;
  // a picked field the decorations add is described as any value
  const narrowSchema = z.strictObject(Object.fromEntries(keep.map((field) => [field, fields[field] ?? z.unknown()])));
  const answer = resource.tree ? z.array(treeNodeSchema(narrowSchema)) : z.array(narrowSchema);
  const access = {
    permission: [...asList(resource.permissions.read), ...picker.permissions],
    platform: resource.platformOnly === true,
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    `${prefix}/select`,
    {
      config: { access },
      schema: {
        tags: [tag],
        summary,
        description: "The narrow read of the screens that pick one: the id and the picker's fields only.",
        querystring: z.looseObject({}),
        response: answers(answer, 400, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const scope = await scopeOf(app.platform.permissions, resource, caller);
      const rows = await request.readInTenant(async (trx) => {
        const found = await repo.all(trx, caller, pickerQuery(request.query, allowed), scope);
        return (await resource.hooks?.decorate?.(trx, caller, found)) ?? found;
      });
      const narrow = rows.map((row) => Object.fromEntries(keep.map((f) => [f, row[f] ?? null])));
      if (!resource.tree || !parent) return reply.ok(narrow);
      const title = resource.tree.title;
      return reply.ok(
        buildTree(
          narrow.map((r) => ({
            ...r,
            id: String(r.id),
            parentId: String(r[parent] ?? '0'),
            title: String(r[title] ?? ''),
          })),
        ),
      );
    },
  );
}
