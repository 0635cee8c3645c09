import { z } from 'zod';
import { requiredText } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { roleMessages as m } from './messages.ts';

/** An id, or 0 for "no parent" (BladeX's top parent id). */
const parentIdSchema = z.union([z.literal('0'), z.literal(0).transform(() => '0' as const), idSchema]);

/** A role as the role form submits it (BladeX Role). */
export const roleInput = z.object({
  parentId: parentIdSchema.default('0'),
  roleName: requiredText(m['role.roleName.required'], 255),
  roleAlias: requiredText(m['role.roleAlias.required'], 255),
  sort: z.number().int().min(0).max(1_000_000).optional(),
});
export type RoleInput = z.infer<typeof roleInput>;

/** An update sends only what changes; a present field is checked as on insert. */
export const roleUpdate = roleInput.partial().extend({ parentId: parentIdSchema.optional() });

export const roleSubmitBody = roleUpdate.extend({ id: idSchema.optional() }).loose();

const ids = z.array(idSchema).max(5000).default([]);

/** `POST /role/grant`: replaces the menus and scopes of each role (BladeX GrantVO). */
export const grantInput = z.object({
  roleIds: z.array(idSchema, { error: m['role.roleIds.required'] }).min(1, { error: m['role.roleIds.required'] }),
  menuIds: ids,
  dataScopeIds: ids,
  apiScopeIds: ids,
});
export type GrantInput = z.infer<typeof grantInput>;

export const treeQuery = z.object({ tenantId: z.string().trim().max(12).optional() });
