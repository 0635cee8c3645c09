import { z } from 'zod';
import { BIRTH_DATES, dateValue } from '../../platform/http/dates.ts';
import { choice, nullish, optional, requiredText } from '../../platform/http/fields.ts';
import { idSchema } from '../../platform/http/ids.ts';
import { userMessages as m } from './messages.ts';

/** Comma-joined ids, as BladeX keeps a user's roles, depts and posts. */
const idCsv = (key: string) =>
  z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? key : undefined) })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length > 0, { error: key })
    .refine((ids) => ids.every((id) => idSchema.safeParse(id).success), { error: 'error.validation.invalid' })
    .transform((ids) => ids.join(','));

/** Spec §5: empty, not 11 characters, not a mobile number: each its own message. */
const phone = z
  .string()
  .trim()
  .refine((v) => v === '' || v.length === 11, { error: m['user.phone.length'], abort: true })
  .refine((v) => v === '' || /^1\d{10}$/.test(v), { error: m['user.phone.format'] })
  .nullish();

/** A user as the admin form sends it; `password` is the typed password (md5 then argon2id on the server). */
export const userInput = z.object({
  account: requiredText(m['user.account.required'], 45),
  name: requiredText(m['user.name.required'], 20),
  realName: requiredText(m['user.realName.required'], 10),
  // The edit form always sends password and password2, empty: empty is unchanged (and no password on creation).
  password: optional(z.string().max(128)),
  email: z.string().trim().max(45).nullish(),
  phone,
  birthday: nullish(dateValue(BIRTH_DATES)),
  sex: nullish(choice(1, 3)),
  code: z.string().trim().max(12).nullish(),
  avatar: z.string().trim().max(500).nullish(),
  userType: optional(choice(1, 3)),
  roleId: idCsv(m['user.roleId.required']),
  deptId: idCsv(m['user.deptId.required']),
  postId: z.string().trim().max(1000).nullish(),
  status: optional(choice(0, 1)),
});

/** What a user may change of themselves (`update-info`). */
export const selfInput = z.object({
  name: requiredText(m['user.name.required'], 20).optional(),
  realName: requiredText(m['user.realName.required'], 10).optional(),
  email: z.string().trim().max(45).nullish(),
  phone,
  avatar: z.string().trim().max(500).nullish(),
  sex: nullish(choice(1, 3)),
  birthday: nullish(dateValue(BIRTH_DATES)),
});

const md5 = z.string().regex(/^[0-9a-fA-F]{32}$/, { error: 'error.validation.invalid' });
/** `update-password`: the three fields come as the md5 of what was typed, as the web client sends passwords. */
export const passwordChange = z.object({ oldPassword: md5, newPassword: md5, newPassword1: md5 });
const typed = z.string().min(1).max(128);
/** SpringBlade's `update-password`: the three fields as typed. */
export const typedPasswordChange = z.object({ oldPassword: typed, newPassword: typed, newPassword1: typed });

export const guestRegistration = z.object({
  tenantId: z.string().trim().min(1).max(12),
  name: requiredText(m['user.name.required'], 20),
  account: requiredText(m['user.account.required'], 45),
  password: z.string().min(1).max(128),
  oauthId: z.string().trim().max(64).optional(),
});
