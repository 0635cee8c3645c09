import { z } from 'zod';
import { childNodes, treeNodeSchema } from '../../../platform/crud/answers.ts';

// What the menu endpoints answer, for the API document (BladeX Menu and MenuVO, facts §5).

const text = z.string().nullable();

/** A menu or button. */
export const menuRowSchema = z.object({
  id: z.string().describe('an id (64-bit, as text)'),
  parentId: z.string().describe('"0" for a root'),
  code: z.string().describe('the permission code buttons are checked by'),
  name: z.string(),
  alias: text,
  path: text.describe("the client's route"),
  source: text.describe('the icon'),
  sort: z.number().int(),
  category: z.number().int().describe('1 a menu, 2 a button'),
  action: z.number().int(),
  isOpen: z.number().int(),
  remark: text,
});

/** A menu as detail and submit answer it: with its parent's name (BladeX's MenuVO). */
export const menuRecordSchema = menuRowSchema.extend({
  parentName: text.optional().describe("the parent menu's name"),
});

/** Menus nested by parent (children left out where there are none), each saying whether it has children. */
export const menuListSchema = z.array(
  menuRowSchema.extend({
    hasChildren: z.boolean(),
    children: childNodes('the menus below, of the same shape'),
  }),
);

/** BladeX's tree nodes of menus, titled with their names. */
export const menuTreeSchema = z.array(treeNodeSchema(z.object({})));

/** `auth-routes`: each route path the caller may open, with the role aliases that grant it. */
export const authRoutesSchema = z.array(z.record(z.string(), z.object({ authority: z.array(z.string()) })));

/** `top-menu`: the tenant's top menus. */
export const topMenusSchema = z.array(
  z.object({
    id: z.string(),
    tenantId: z.string(),
    code: text,
    name: z.string(),
    source: text,
    path: text,
    sort: z.number().int().nullable(),
  }),
);

/** `grant-tree`: what the caller may grant, one tree per kind. */
export const grantTreesSchema = z.object({
  menu: menuTreeSchema,
  dataScope: menuTreeSchema.optional(),
  apiScope: menuTreeSchema.optional(),
});

/** `role-tree-keys`, `top-tree-keys`: the ids the roles (or top menus) hold, per kind. */
export const treeKeysSchema = z.object({
  menu: z.array(z.string()),
  dataScope: z.array(z.string()).optional(),
  apiScope: z.array(z.string()).optional(),
});
