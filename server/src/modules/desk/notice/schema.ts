import { z } from 'zod';
import { DOCUMENT_DATES, dateValue } from '../../../platform/http/dates.ts';
import { int, requiredText, withDefault } from '../../../platform/http/fields.ts';
import { noticeMessages as m } from './messages.ts';

/** What a notice's content may hold as typed (markup included), before sanitizing. */
export const CONTENT_MAX = 20_000;

/** A field the form must fill: blank or missing answers `key`; a wrong value keeps its own message. */
const required = <T extends z.ZodType>(schema: T, key: string) =>
  z
    .preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())
    .refine((v) => v !== undefined, { error: key })
    .transform((v) => v as z.output<T>);

/** A notice as the form sends it (BladeX Notice): `category` is a key of the `notice` dictionary. */
export const noticeInput = z.object({
  title: requiredText(m['desk.notice.title.required'], 255),
  category: required(z.coerce.number().int().min(1).max(999), m['desk.notice.category.required']),
  releaseTime: required(dateValue(DOCUMENT_DATES), m['desk.notice.releaseTime.required']),
  content: z.string().max(CONTENT_MAX).nullish(),
});
export type NoticeInput = z.infer<typeof noticeInput>;

/** `top`: the home page's latest released notices, a small page of them. */
export const topQuery = z.object({
  current: withDefault(int(1, 1000), 1),
  size: withDefault(int(1, 20), 5),
});

/** `notices`: the latest released notices, as a list of at most `size`. */
export const noticesQuery = z.object({ size: withDefault(int(1, 50), 10) });

/** A notice as `top`, `notices` and `my-notices` answer it. */
export const topNoticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.number().int(),
  categoryName: z.string().nullable(),
  releaseTime: z.date(),
  content: z.string().nullable(),
});

export const topPageSchema = z.object({
  records: z.array(topNoticeSchema),
  total: z.number().int(),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
  totalCapped: z.literal(true).optional(),
});
