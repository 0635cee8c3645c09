import { z } from 'zod';
import { pageSchema } from '../../platform/http/query.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { userNames } from '../user/queries.ts';
import { taskUser } from './assignment.ts';
import { splitBusinessKey } from './business.ts';
import type { DefinitionRow } from './definitions.ts';

// What the flow endpoints answer, in BladeX's shapes (FlowProcess, FlowExecution, BladeFlow, FlowModel).
// Users are `taskUser_<id>` as in BladeX; times are ISO 8601; ids are strings.

const text = z.string().nullable();
const time = z.date().nullable();

/** A process definition (`manager/list`, `work/start-list`). */
export const flowProcessSchema = z.object({
  id: z.string().describe('the definition id, `key:version:n`'),
  tenantId: z.string(),
  name: text,
  key: z.string(),
  description: text,
  category: text.describe('e.g. flow_1: the `flow` dictionary, key 1'),
  categoryName: text,
  version: z.number().int(),
  deploymentId: z.string(),
  resourceName: z.string(),
  diagramResourceName: text.describe('always empty: the diagram is drawn from the XML (process/model-view)'),
  suspensionState: z.number().int().describe('1 active, 2 suspended'),
  deploymentTime: z.date(),
});

/** A definition as the lists answer it: its XML is read from `resource-view`, not sent with every row. */
export const toFlowProcess = ({ xml: _, ...d }: DefinitionRow & { categoryName: string | null; xml?: string }) => ({
  ...d,
  deploymentId: String(d.deploymentId),
  diagramResourceName: null,
});

/** A task or a process instance as the work lists and the history answer it (BladeX's BladeFlow). */
export const bladeFlowSchema = z
  .object({
    taskId: text,
    taskName: text,
    taskDefinitionKey: text,
    assignee: text.describe('taskUser_<userId>'),
    assigneeName: text,
    createTime: time,
    claimTime: time,
    endTime: time,
    historyTaskEndTime: time,
    executionId: text,
    variables: z.record(z.string(), z.unknown()),
    businessTable: text.describe('the table of the record the process is about (blade_process_leave, wh_delivery)'),
    businessId: text,
    category: text,
    categoryName: text,
    processDefinitionId: text,
    processDefinitionName: text,
    processDefinitionKey: text,
    processDefinitionVersion: z.number().int().nullable(),
    processInstanceId: text,
    historyProcessInstanceId: text,
    historyActivityId: text,
    historyActivityName: text,
    historyActivityType: text,
    historyActivityDurationTime: text,
    comment: text,
    processIsFinished: z.enum(['finished', 'unfinished']),
    status: z.enum(['claim', 'todo', 'finish']),
  })
  .partial();
export type BladeFlow = z.infer<typeof bladeFlowSchema>;

export const bladeFlowPageSchema = pageSchema.extend({ records: z.array(bladeFlowSchema) });
export const flowProcessPageSchema = pageSchema.extend({ records: z.array(flowProcessSchema) });

/** The business key's parts, as BladeFlow carries them. */
export function businessFields(key: string | null) {
  const parts = splitBusinessKey(key);
  return { businessTable: parts?.table ?? null, businessId: parts?.id ?? null };
}

/** `assignee` and `assigneeName` of rows that hold `assigneeId`. */
export async function withAssignees<T extends { assigneeId: string | null }>(
  trx: AnyTrx,
  tenantId: string,
  rows: T[],
): Promise<(Omit<T, 'assigneeId'> & { assignee: string | null; assigneeName: string | null })[]> {
  const ids = [...new Set(rows.map((r) => r.assigneeId).filter((id): id is string => !!id))];
  const names = await userNames(trx, tenantId, ids.map(String));
  return rows.map(({ assigneeId, ...rest }) => ({
    ...rest,
    assignee: taskUser(assigneeId ? String(assigneeId) : null),
    assigneeName: assigneeId ? (names.get(String(assigneeId)) ?? null) : null,
  }));
}
