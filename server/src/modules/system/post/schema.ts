import { z } from 'zod';
import { choice, int, nullish, optional, requiredText } from '../../../platform/http/fields.ts';
import { postMessages as m } from './messages.ts';

/** A post as the form submits it; `category` is a key of the post_category dictionary. */
export const postInput = z.object({
  category: nullish(choice(1, 99)),
  postCode: requiredText(m['post.postCode.required'], 12),
  postName: requiredText(m['post.postName.required'], 64),
  sort: optional(int(0, 999_999)),
  remark: z.string().trim().max(255).nullish(),
  status: optional(int()),
});
export type PostInput = z.infer<typeof postInput>;

/** `select?tenantId=`: the tenant is honoured only for callers of the platform tenant. */
export const postSelectQuery = z.object({ tenantId: z.string().trim().max(12).optional() });
