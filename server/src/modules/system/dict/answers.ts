import { z } from 'zod';
import { treeNodeSchema } from '../../../platform/crud/answers.ts';
import { pageSchema } from '../../../platform/http/query.ts';

// What the dictionary endpoints answer, for the API document (BladeX's Dict and DictBiz, DictVO).

const id = z.string().describe('an id (64-bit, as text)');
const text = z.string().nullable();

/** An item or a dictionary (a root: parentId "0", dictKey "-1"), as an item. */
export const dictItemSchema = z.object({
  id,
  parentId: z.string().describe('"0" for a dictionary, its id for an item'),
  code: z.string().describe('the dictionary code, the same on its items'),
  dictKey: z.string(),
  dictValue: z.string(),
  sort: z.number().int().nullable(),
  remark: text,
});

/** A row as list, detail and submit answer it. */
export const dictRecordSchema = dictItemSchema.extend({
  isSealed: z.number().int().describe('1: sealed, left out of `dictionary`'),
  isDeleted: z.number().int(),
  parentName: text.describe("the dictionary's name, on an item"),
  tenantId: z.string().optional().describe('business dictionaries only'),
});

export const dictPageSchema = pageSchema.extend({ records: z.array(dictRecordSchema) });

// the item's other fields where the tree is of items (`dictionary-tree`)
const nodeFields = dictItemSchema.partial().extend({ code: z.string(), dictKey: z.string() });

/** `tree`, `parent-tree`, `dictionary-tree` and `list`: the roots, their items below. */
export const dictTreeSchema = z.array(treeNodeSchema(nodeFields));
