import { z } from 'zod';
import { sameNodes } from '../http/answer-shape.ts';
import { dateTimeText } from '../http/envelope.ts';
import type { FieldKind } from '../http/query.ts';
import { pageSchema } from '../http/query.ts';
import { allFields, type CrudResource } from './resource.ts';

/** A field's value as answers send it: ids and decimals as text (int8 and numeric), dates as BladeX's text. */
const ANSWERED: Record<FieldKind, z.ZodType> = {
  text: z.string(),
  int: z.number().int(),
  number: z.string().describe('a decimal, as text'),
  id: z.string().describe('an id (64-bit, as text)'),
  date: dateTimeText,
};

/**
 * A record of the resource as its list, detail and submit answer it: every readable field (null when
 * empty), and what the resource's decorations add (names of linked rows, labels) besides.
 */
export function recordSchema(resource: CrudResource): z.ZodObject {
  const shape = Object.fromEntries(
    Object.entries(allFields(resource))
      .filter(([, field]) => !field.writeOnly)
      .map(([name, field]) => [name, name === 'id' ? ANSWERED.id : ANSWERED[field.kind].nullable()]),
  );
  return z.looseObject(shape);
}

/** A page (or list) of the resource's records. */
export function recordPageSchema(resource: CrudResource) {
  return pageSchema.extend({ records: z.array(recordSchema(resource)).describe('the rows of this page') });
}

/**
 * A node's `children`: nodes of the node's own shape. Described as objects (a recursive schema must be a
 * named component, which zod's registry holds once per process while each test registers its routes
 * anew); shaped as the node (answer-shape.ts).
 */
export const childNodes = (description: string) =>
  sameNodes(z.array(z.looseObject({})))
    .optional()
    .describe(description);

/** BladeX's fields of a tree node (`tree`, `lazy-tree`, `select` of a tree). */
const treeFields = {
  id: z.string(),
  parentId: z.string().describe('"0" for a root'),
  title: z.string(),
  key: z.string().describe('the id'),
  value: z.string().describe('the id'),
  hasChildren: z.boolean(),
};

/** A node of the resource's tree: the record with BladeX's tree fields, and its children. */
export function treeNodeSchema(fields: z.ZodObject) {
  return fields.extend({
    ...treeFields,
    children: childNodes('the child nodes, of the same shape'),
  });
}

/** How summaries name the resource: one and many (`post`, `posts`), from its tag unless given. */
export interface ResourceName {
  one: string;
  many: string;
}

export function resourceName(tag: string, name?: Partial<ResourceName>): ResourceName {
  const one = name?.one ?? (tag.split('/').pop() ?? tag).replaceAll('-', ' ');
  const many = name?.many ?? (/s$/.test(one) ? one : /[^aeiou]y$/.test(one) ? `${one.slice(0, -1)}ies` : `${one}s`);
  return { one, many };
}
