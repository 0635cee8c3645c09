import { z } from 'zod';
import { optional } from '../../../platform/http/fields.ts';
import { parentIdSchema } from '../../../platform/http/ids.ts';
import { pageQuerySchema } from '../../../platform/http/query.ts';

/** A name to look for (contains, case-insensitive); blank finds every one. */
const name = optional(z.string().trim().max(64));

/** `search/role?roleName=&parentId=` (BladeX SearchController.roleSearch). */
export const roleSearchQuery = z.object({ roleName: name, parentId: optional(parentIdSchema) });

/** `search/dept?deptName=&parentId=` (BladeX SearchController.deptSearch). */
export const deptSearchQuery = z.object({ deptName: name, parentId: optional(parentIdSchema) });

/** `search/post?postName=&current=&size=` (BladeX SearchController.postSearch, a page). */
export const postSearchQuery = pageQuerySchema.pick({ current: true, size: true }).extend({ postName: name });

export const roleFoundSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  parentId: z.string(),
  roleName: z.string(),
  roleAlias: z.string().nullable(),
  sort: z.number().int().nullable(),
  parentName: z.string().nullable(),
});

export const deptFoundSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  parentId: z.string(),
  ancestors: z.string().nullable(),
  deptCategory: z.number().int().nullable(),
  deptCategoryName: z.string().nullable(),
  deptName: z.string(),
  fullName: z.string().nullable(),
  parentName: z.string().nullable(),
  sort: z.number().int().nullable(),
  remark: z.string().nullable(),
});
