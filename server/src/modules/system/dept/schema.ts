import { z } from 'zod';
import { choice, int, optional, requiredText, updateOf } from '../../../platform/http/fields.ts';
import { idSchema, parentIdSchema as parentId } from '../../../platform/http/ids.ts';
import { deptMessages as m } from './messages.ts';

/** A dept as the form submits it; `deptCategory` is a key of the org_category dictionary. */
export const deptInput = z.object({
  parentId: parentId.optional(),
  deptName: requiredText(m['dept.deptName.required'], 45),
  fullName: z.string().trim().max(45).nullish(),
  deptCategory: optional(choice(1, 99)),
  sort: optional(int(0, 999_999)),
  remark: z.string().trim().max(255).nullish(),
});
export type DeptInput = z.infer<typeof deptInput>;

/** An update sends the id and only the fields it changes. */
export const deptUpdate = updateOf(deptInput);
export type DeptUpdate = z.infer<typeof deptUpdate>;

/** The body of submit: loose, so that the read-only fields a form sends back (ancestors, parentName) are ignored. */
export const deptSubmitBody = deptUpdate.extend({ id: optional(idSchema) }).loose();

/** `tenantId` names another tenant; only callers of the platform tenant may use it. */
export const deptTreeQuery = z.object({ tenantId: z.string().trim().max(12).optional() });
export const deptLazyTreeQuery = deptTreeQuery.extend({ parentId: parentId.default('0') });
export const deptLazyListQuery = z.looseObject({ parentId: parentId.optional() });
export const deptSelectQuery = z.object({ userId: optional(idSchema) });
