import { z } from 'zod';
import { requiredText } from '../../../platform/http/fields.ts';
import { postMessages as m } from './messages.ts';

/** A post as the form submits it; `category` is a key of the post_category dictionary. */
export const postInput = z.object({
  category: z.coerce.number().int().min(1).max(99).nullish(),
  postCode: requiredText(m['post.postCode.required'], 12),
  postName: requiredText(m['post.postName.required'], 64),
  sort: z.coerce.number().int().min(0).max(999_999).optional(),
  remark: z.string().trim().max(255).nullish(),
  status: z.coerce.number().int().optional(),
});
export type PostInput = z.infer<typeof postInput>;

/** `select?tenantId=`: the tenant is honoured only for callers of the platform tenant. */
export const postSelectQuery = z.object({ tenantId: z.string().trim().max(12).optional() });
