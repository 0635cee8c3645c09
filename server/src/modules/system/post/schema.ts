import { z } from 'zod';
import { postMessages as m } from './messages.ts';

// The key answers a missing, non-text or blank value; other problems (too long) keep their own message.
const required = (key: string, max: number) =>
  z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? key : undefined) })
    .trim()
    .min(1, { error: key })
    .max(max);

/** A post as the form submits it; `category` is a key of the post_category dictionary. */
export const postInput = z.object({
  category: z.coerce.number().int().min(1).max(99).nullish(),
  postCode: required(m['post.postCode.required'], 12),
  postName: required(m['post.postName.required'], 64),
  sort: z.coerce.number().int().min(0).max(999_999).optional(),
  remark: z.string().trim().max(255).nullish(),
  status: z.coerce.number().int().optional(),
});
export type PostInput = z.infer<typeof postInput>;

/** `select?tenantId=`: the tenant is honoured only for callers of the platform tenant. */
export const postSelectQuery = z.object({ tenantId: z.string().trim().max(12).optional() });
