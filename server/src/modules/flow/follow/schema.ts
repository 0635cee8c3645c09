import { z } from 'zod';
import { idSchema } from '../../../platform/http/ids.ts';
import { pageQuerySchema } from '../../../platform/http/query.ts';
import { flowMessages as m } from '../messages.ts';

export const followListQuery = pageQuerySchema
  .extend({
    processInstanceId: z.union([idSchema, z.literal('')]).optional(),
    processDefinitionKey: z.string().trim().max(64).optional(),
  })
  .loose();

export const deleteInstanceQuery = z.object({
  processInstanceId: idSchema,
  deleteReason: z
    .string({ error: m['flow.instance.reason.required'] })
    .trim()
    .min(1, { error: m['flow.instance.reason.required'] })
    .max(255),
});
