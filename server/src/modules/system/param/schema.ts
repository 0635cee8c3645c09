import { z } from 'zod';
import { paramMessages as m } from './messages.ts';

// The key answers a missing, non-text or blank value; other problems (too long) keep their own message.
const required = (key: string, max: number) =>
  z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? key : undefined) })
    .trim()
    .min(1, { error: key })
    .max(max);

/** A system parameter as a form submits it (spec §3, §5). */
export const paramInput = z.object({
  paramName: required(m['param.paramName.required'], 255),
  paramKey: required(m['param.paramKey.required'], 255),
  paramValue: required(m['param.paramValue.required'], 4000),
  remark: z.string().trim().max(255).nullish(),
  status: z.number().int().optional(),
});
export type ParamInput = z.infer<typeof paramInput>;
