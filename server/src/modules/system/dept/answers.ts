import { z } from 'zod';
import { childNodes, treeNodeSchema } from '../../../platform/crud/answers.ts';

// What the dept endpoints answer, for the API document (BladeX Dept and DeptVO).

const id = z.string().describe('an id (64-bit, as text)');
const text = z.string().nullable();

/** A dept as `select` answers it. */
export const deptRowSchema = z.object({
  id,
  tenantId: z.string(),
  parentId: z.string().describe('"0" for a root'),
  ancestors: z.string().describe('the ids above it, comma-separated from "0"'),
  deptCategory: z.number().int().describe('the dictionary org_category'),
  deptName: z.string(),
  fullName: text,
  sort: z.number().int(),
  remark: text,
  isDeleted: z.number().int(),
});

/** As list, lazy-list, detail and submit answer it: with its parent's name and its category's label. */
export const deptRecordSchema = deptRowSchema.extend({ parentName: text, deptCategoryName: text });

/** `list` and a searched `lazy-list`: nested; a `lazy-list` of one level says which have children. */
export const deptListSchema = z.array(
  deptRecordSchema.extend({
    hasChildren: z.boolean(),
    children: childNodes('the depts below, of the same shape'),
  }),
);

/** `tree` and `lazy-tree`: BladeX's tree nodes, titled with the dept's name. */
export const deptTreeSchema = z.array(treeNodeSchema(z.object({})));
