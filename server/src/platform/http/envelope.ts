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
