import type { Readable } from 'node:stream';
import { z } from 'zod';

/** The BladeX answer shape: `success` is `code == 200`, and the HTTP status equals `code`. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export function envelope<T>(code: number, data: T, msg: string): Envelope<T> {
  return { code, success: code === 200, data, msg };
}

/** The envelope of a successful answer carrying `data`, for a route's OpenAPI response. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), success: z.literal(true), data, msg: z.string() });
}

/** The envelope of a refusal (4xx): `msg` says why in the caller's language; `data` may hold the fields. */
export const errorSchema = z.object({
  code: z.number().int(),
  success: z.literal(false),
  data: z.unknown(),
  msg: z.string(),
});

export const REFUSALS = {
  400: 'bad input or a broken rule (msg says which)',
  403: 'not permitted (BladeX answers 401 here; 403 does not sign the client out)',
  404: 'no such record (or not the caller’s)',
  409: 'a conflict: already done, already taken',
  413: 'too large',
  429: 'too many calls from this address or account: try again after Retry-After (seconds)',
  503: 'a dependency is down (the database or the shared store): try again shortly',
} as const;

/**
 * A date or time as answers send it: BladeX's `yyyy-MM-dd HH:mm:ss`, the server's wall clock (TIME_ZONE,
 * platform/time/zone.ts); a handler may give a Date, which the answer's shaper writes so.
 */
export const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const dateTimeText = z
  .string()
  .regex(WALL_CLOCK)
  .describe("`yyyy-MM-dd HH:mm:ss`, the server's wall clock (its TIME_ZONE)");

/**
 * A route's answers: the success envelope of `data` and the refusals it may answer, each the error
 * envelope. They describe the route in the document and shape what it sends (validation.ts,
 * answer-shape.ts): `data` answers exactly the fields its schema names.
 */
export function answers<T extends z.ZodType>(data: T, ...refusals: (keyof typeof REFUSALS)[]) {
  const errors = Object.fromEntries(refusals.map((status) => [status, errorSchema.describe(REFUSALS[status])]));
  return { 200: okSchema(data), ...errors };
}

/**
 * The answers of a route outside BladeX's envelope (the OAuth endpoints answer Spring's flat shapes),
 * shaped as `answers` shapes them. A refusal schema with a `title` keeps its own shape in the
 * document; the others become the error envelope (openapi.ts).
 */
export function flatAnswers<T extends z.ZodType>(data: T, refusals: Record<number, z.ZodType> = {}) {
  return { 200: data, ...refusals };
}

/** A download's answers for the document: the file, of this media type, or a refusal (the error envelope). */
export function fileAnswers(mediaType: string, description: string, ...refusals: (keyof typeof REFUSALS)[]) {
  // a stream or bytes, sent as they are (the type lets handlers send them)
  const file = z.custom<Readable | Buffer>(() => true).meta({ type: 'string', format: 'binary' });
  const errors = Object.fromEntries(refusals.map((status) => [status, errorSchema.describe(REFUSALS[status])]));
  return { 200: { description, content: { [mediaType]: { schema: file } } }, ...errors };
}
