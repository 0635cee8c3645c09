import { z } from 'zod';
import { dateValue, FILTER_DATES } from '../../../platform/http/dates.ts';
import { choice, optional } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { pageQuerySchema } from '../../../platform/http/query.ts';
import { flowMessages as m } from '../messages.ts';

/** The filters every work list takes (BladeX's BladeFlow query), besides paging. */
export const workListQuery = pageQuerySchema
  .extend({
    category: z.string().trim().max(64).optional(),
    processDefinitionName: z.string().trim().max(255).optional(),
    beginDate: optional(dateValue(FILTER_DATES)).describe('created at or after'),
    endDate: optional(dateValue(FILTER_DATES)).describe('created at or before'),
  })
  .loose();
export type WorkListQuery = z.infer<typeof workListQuery>;

/** `start-list`: the latest versions to start; `mode` (1 common, 2 custom) is read and ignored: all are the tenant's. */
export const startListQuery = pageQuerySchema
  .extend({ category: z.string().trim().max(64).optional(), mode: optional(choice(1, 2)) })
  .loose();

export const claimQuery = z.object({ taskId: idSchema });

/** `delete-task`: the task and BladeX's reason (read, though nothing is deleted: see runtime/delete-task.ts). */
export const deleteTaskQuery = z.object({ taskId: idSchema, reason: z.string().trim().max(255).optional() });

const variableValue = z.union([z.string().max(2000), z.number().finite(), z.boolean(), z.null()]);

/** Process variables a caller may set: a few named values, no objects (conditions compare values). */
export const variablesInput = z
  .record(z.string().regex(/^[A-Za-z_][\w]{0,63}$/, { error: m['flow.variables.invalid'] }), variableValue, {
    error: m['flow.variables.invalid'],
  })
  .refine((v) => Object.keys(v).length <= 50, { error: m['flow.variables.invalid'] });

/**
 * `complete-task`, as BladeX's client sends BladeFlow: `flag: 'ok'` approves, any other flag
 * rejects; without a flag the comment decides as in the original ("同意" approves). The comment
 * defaults to the decision's word in the caller's language.
 */
export const completeBody = z
  .object({
    taskId: idSchema,
    processInstanceId: optional(idSchema),
    flag: z.string().max(32).nullish(),
    comment: z.string().trim().max(1000).nullish(),
    variables: variablesInput.nullish(),
  })
  .loose();
