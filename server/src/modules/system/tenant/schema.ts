import { z } from 'zod';
import { DOCUMENT_DATES, dateProblem, parseDate } from '../../../platform/http/dates.ts';
import { choice, optional, updateOf } from '../../../platform/http/fields.ts';
import { idListSchema, idSchema, isId, isIdOrZero } from '../../../platform/http/ids.ts';
import { tenantMessages as m } from './messages.ts';

/** An expiry time: blank or null clears it; the output is ISO 8601, so parsing it again gives the same. */
export const expireTimeInput = z
  .string({ error: m['tenant.expireTime.invalid'] })
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    const parsed = parseDate(v);
    const problem = parsed ? dateProblem(parsed, DOCUMENT_DATES) : { key: m['tenant.expireTime.invalid'], params: {} };
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params, input: v });
      return z.NEVER;
    }
    return parsed!.at.toISOString();
  })
  .meta({ format: 'date-time' });

// Forms and query strings send numbers as text; a blank one counts as not given.
const accountNumber = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: m['tenant.accountNumber.invalid'] })
    .int({ error: m['tenant.accountNumber.invalid'] })
    .min(-1, { error: m['tenant.accountNumber.invalid'] })
    .max(2_147_483_647, { error: m['tenant.accountNumber.invalid'] })
    .optional(),
);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

/** A tenant as the tenant form submits it. tenantId is never taken from input: creation draws it. */
export const tenantInput = z.object({
  tenantName: z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? m['tenant.tenantName.required'] : undefined) })
    .trim()
    .min(1, { error: m['tenant.tenantName.required'] })
    .max(50),
  domain: optionalText(255),
  backgroundUrl: optionalText(1000),
  linkman: optionalText(20),
  contactNumber: optionalText(20),
  address: optionalText(255),
  accountNumber,
  expireTime: expireTimeInput,
  status: optional(choice(0, 9)),
  /** Whether guests may register in the tenant (1) or not (0, the default). */
  guestRegistration: z.coerce
    .number({ error: m['tenant.guestRegistration.invalid'] })
    .pipe(z.union([z.literal(0), z.literal(1)], { error: m['tenant.guestRegistration.invalid'] }))
    .optional(),
});
export type TenantInput = z.infer<typeof tenantInput>;

/** A tenant administrator's password as typed: the sign-in form takes 6 to 20 characters. */
export const adminPasswordInput = z
  .string({ error: m['tenant.adminPassword.invalid'] })
  .min(6, { error: m['tenant.adminPassword.invalid'] })
  .max(20, { error: m['tenant.adminPassword.invalid'] });

/** Creation also takes the admin's first password; blank or absent: the parameter `tenant.default.password`. */
export const tenantCreateInput = tenantInput.extend({
  adminPassword: z.preprocess((v) => (v === '' || v === null ? undefined : v), adminPasswordInput.optional()),
});
export type TenantCreateInput = z.infer<typeof tenantCreateInput>;

/** `admin-password`: the platform administrator sets a tenant administrator's password (forgotten, or never known). */
export const adminPasswordBody = z.object({
  tenantId: z.string().regex(/^\w{1,12}$/, { error: 'error.validation.invalid' }),
  password: adminPasswordInput,
});

/** The body of tenant/submit: an insert without id, a partial update with it. */
export const tenantSubmitBody = updateOf(tenantCreateInput)
  .extend({ id: optional(idSchema) })
  .loose();

const requiredText = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** A tenant named by its record id (what BladeX's screen sends to package-detail) or its 6-character tenant id. */
const tenantRef = requiredText(m['tenant.tenantId.required']).pipe(
  z.string().regex(/^\w{1,19}$/, { error: 'error.validation.invalid' }),
);
const requiredId = (key: string) => requiredText(key).refine(isId, { error: 'error.validation.invalid' });

/** `setting?ids&accountNumber&expireTime`: blank quota means unlimited (-1), blank expiry means never (BladeX sets both). */
export const settingQuery = z.object({ ids: idListSchema, accountNumber, expireTime: expireTimeInput });
/** `datasource?tenantId&datasourceId`: `0` names the main database (the tenant is unbound, its rows moved back). */
export const datasourceQuery = z.object({
  tenantId: tenantRef,
  datasourceId: requiredText(m['tenant.datasourceId.required']).refine(isIdOrZero, {
    error: 'error.validation.invalid',
  }),
});
export const datasourceMoveQuery = z.object({ tenantId: tenantRef });
export const packageDetailQuery = z.object({ tenantId: tenantRef });
export const packageSettingQuery = z.object({
  tenantId: tenantRef,
  packageId: requiredId(m['tenant.packageId.required']),
});
