import { z } from 'zod';
import { treeNodeSchema } from '../../../platform/crud/answers.ts';

// What the role endpoints answer, for the API document (BladeX Role and RoleVO).

const id = z.string().describe('an id (64-bit, as text)');

/** A role as `select` answers it. */
export const roleRowSchema = z.object({
  id,
  parentId: z.string().describe('"0" for a root'),
  roleName: z.string(),
  roleAlias: z.string().describe('what permission checks and `authority` name'),
  sort: z.number().int().nullable(),
});

/** As detail, submit and list answer it: with its tenant and its parent's name. */
export const roleRecordSchema = roleRowSchema.extend({ tenantId: z.string(), parentName: z.string().nullable() });

/** `list`, `tree`, `tree-by-id`: the roles as BladeX's tree nodes, titled with their names. */
export const roleTreeSchema = z.array(treeNodeSchema(roleRecordSchema.partial().extend({ id })));
