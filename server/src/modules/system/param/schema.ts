import { z } from 'zod';
import { int, optional, requiredText } from '../../../platform/http/fields.ts';
import { paramMessages as m } from './messages.ts';

/** A system parameter as a form submits it (spec §3, §5). */
export const paramInput = z.object({
  paramName: requiredText(m['param.paramName.required'], 255),
  paramKey: requiredText(m['param.paramKey.required'], 255),
  paramValue: requiredText(m['param.paramValue.required'], 4000),
  remark: z.string().trim().max(255).nullish(),
  status: optional(int()),
});
export type ParamInput = z.infer<typeof paramInput>;
