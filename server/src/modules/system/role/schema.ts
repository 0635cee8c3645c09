import { z } from 'zod';
import { int, optional, requiredText, updateOf } from '../../../platform/http/fields.ts';
import { idSchema, parentIdSchema } from '../../../platform/http/ids.ts';
import { roleMessages as m } from './messages.ts';

/** A role as the role form submits it (BladeX Role). */
export const roleInput = z.object({
  parentId: parentIdSchema.default('0'),
  roleName: requiredText(m['role.roleName.required'], 255),
  roleAlias: requiredText(m['role.roleAlias.required'], 255),
  sort: optional(int(0, 1_000_000)),
});
export type RoleInput = z.infer<typeof roleInput>;

/** An update sends only what changes; a present field is checked as on insert. */
export const roleUpdate = updateOf(roleInput).extend({ parentId: parentIdSchema.optional() });

export const roleSubmitBody = roleUpdate.extend({ id: optional(idSchema) }).loose();

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
