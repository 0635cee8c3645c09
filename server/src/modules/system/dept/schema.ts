import { z } from 'zod';
import { requiredText } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { deptMessages as m } from './messages.ts';

/** A parent id: a dept's id, or 0 (also empty or absent) for a root. */
const parentId = z
  .union([z.literal(0), z.literal('0'), z.literal(''), z.null(), idSchema])
  .transform((v) => (v === 0 || v === '' || v === null ? '0' : v));

/** A dept as the form submits it; `deptCategory` is a key of the org_category dictionary. */
export const deptInput = z.object({
  parentId: parentId.optional(),
  deptName: requiredText(m['dept.deptName.required'], 45),
  fullName: z.string().trim().max(45).nullish(),
  deptCategory: z.coerce.number().int().min(1).max(99).optional(),
  sort: z.coerce.number().int().min(0).max(999_999).optional(),
  remark: z.string().trim().max(255).nullish(),
});
export type DeptInput = z.infer<typeof deptInput>;

/** An update sends the id and only the fields it changes. */
export const deptUpdate = deptInput.partial();
export type DeptUpdate = z.infer<typeof deptUpdate>;

/** The body of submit: loose, so that the read-only fields a form sends back (ancestors, parentName) are ignored. */
export const deptSubmitBody = deptUpdate.extend({ id: idSchema.optional() }).loose();

/** `tenantId` names another tenant; only callers of the platform tenant may use it. */
export const deptTreeQuery = z.object({ tenantId: z.string().trim().max(12).optional() });
export const deptLazyTreeQuery = deptTreeQuery.extend({ parentId: parentId.default('0') });
export const deptLazyListQuery = z.looseObject({ parentId: parentId.optional() });
export const deptSelectQuery = z.object({ userId: idSchema.optional() });
