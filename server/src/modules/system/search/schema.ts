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
