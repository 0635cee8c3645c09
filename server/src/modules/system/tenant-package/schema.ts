import { z } from 'zod';
import { choice, optional } from '../../../platform/http/fields.ts';
import { isId } from '../../../platform/http/ids.ts';
import { tenantPackageMessages as m } from './messages.ts';

// Menu ids as the tree sends them, comma-joined; kept trimmed and without repeats, so parsing twice gives the same.
const menuIds = z
  .string({ error: (issue) => (issue.code === 'invalid_type' ? m['tenantPackage.menuId.required'] : undefined) })
  .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))].filter(Boolean))
  .superRefine((ids, ctx) => {
    const bad = ids.filter((id) => !isId(id));
    if (ids.length === 0) ctx.addIssue({ code: 'custom', message: m['tenantPackage.menuId.required'] });
    else if (bad.length)
      ctx.addIssue({ code: 'custom', message: m['tenantPackage.menuId.invalid'], ids: bad.join(',') });
  })
  .transform((ids) => ids.join(','))
  .refine((csv) => csv.length <= 100_000, { error: m['tenantPackage.menuId.tooLong'] });

/** A tenant package as its form submits it (spec §3, §5). */
export const tenantPackageInput = z.object({
  packageName: z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? m['tenantPackage.packageName.required'] : undefined) })
    .trim()
    .min(1, { error: m['tenantPackage.packageName.required'] })
    .max(50),
  menuId: menuIds,
  remark: z.string().trim().max(255).nullish(),
  status: optional(choice(0, 9)),
});
export type TenantPackageInput = z.infer<typeof tenantPackageInput>;
