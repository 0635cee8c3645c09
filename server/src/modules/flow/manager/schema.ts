import { z } from 'zod';
import { choice, optional } from '../../../platform/http/fields.ts';
import { idListSchema } from '../../../platform/http/ids.ts';
import { pageQuerySchema } from '../../../platform/http/query.ts';
import { flowMessages as m } from '../messages.ts';
import { definitionIdSchema, tenantIdsSchema } from '../schema.ts';

export const managerListQuery = pageQuerySchema
  .extend({
    category: z.string().trim().max(64).optional(),
    key: z.string().trim().max(64).optional().describe('one process key'),
    mode: optional(choice(1, 2)).describe('read and ignored: every definition is the tenant’s'),
  })
  .loose();

export const changeStateQuery = z.object({
  state: z.enum(['active', 'suspend'], { error: m['flow.state.invalid'] }),
  processId: definitionIdSchema,
});

export const deleteDeploymentQuery = z.object({
  deploymentIds: idListSchema,
  cascade: optional(z.enum(['true', 'false']))
    .transform((v) => v === 'true')
    .describe('also delete the running instances (they end with the reason; their history stays)'),
});

/** deploy-upload's fields, taken from the query too (BladeX's @RequestParam reads both). */
export const uploadQuery = z.object({
  category: z.string().trim().max(64).optional(),
  tenantIds: tenantIdsSchema,
});
