import { z } from 'zod';
import { DOCUMENT_DATES, dateValue } from '../../../../platform/http/dates.ts';
import { requiredText } from '../../../../platform/http/fields.ts';
import { idSchema } from '../../../../platform/http/ids.ts';
import { definitionIdSchema } from '../../../flow/schema.ts';
import { leaveMessages as m } from './messages.ts';

/** A field the form must fill: blank or missing answers `key`; a wrong value keeps its own message. */
const required = <T extends z.ZodType>(schema: T, key: string) =>
  z
    .preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())
    .refine((v) => v !== undefined, { error: key })
    .transform((v) => v as z.output<T>);

/** A leave request as its form sends it (BladeX's ProcessLeave): the approver is a user id. */
export const leaveInput = z
  .object({
    processDefinitionId: required(definitionIdSchema, m['desk.leave.processDefinitionId.required']),
    startTime: required(dateValue(DOCUMENT_DATES), m['desk.leave.startTime.required']),
    endTime: required(dateValue(DOCUMENT_DATES), m['desk.leave.endTime.required']),
    reason: requiredText(m['desk.leave.reason.required'], 255),
    taskUser: required(idSchema, m['desk.leave.taskUser.required']),
  })
  .loose()
  .refine((leave) => leave.endTime > leave.startTime, { error: m['desk.leave.endBeforeStart'], path: ['endTime'] });
export type LeaveInput = z.infer<typeof leaveInput>;

export const leaveDetailQuery = z.object({ businessId: idSchema });

/** A leave request as detail answers it, with its process and BladeX's `flow.assigneeName` (the applicant). */
export const leaveSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  processDefinitionId: z.string(),
  processInstanceId: z.string().nullable(),
  startTime: z.date(),
  endTime: z.date(),
  reason: z.string(),
  taskUser: z.string().describe('the approver, a user id'),
  taskUserName: z.string().nullable(),
  applyTime: z.date(),
  days: z.number().int().describe('whole days between start and end, as the process reads them'),
  createUser: z.string().nullable(),
  createUserName: z.string().nullable(),
  createTime: z.date(),
  flow: z.object({ assigneeName: z.string().nullable(), processIsFinished: z.enum(['finished', 'unfinished']) }),
});
