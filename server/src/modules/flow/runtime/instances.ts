import { sql } from 'kysely';
import { notFound } from '../../../platform/http/errors.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import type { FlowVariables } from '../engine/expression.ts';
import type { SavedState } from '../engine/step.ts';
import { flowMessages as m } from '../messages.ts';

export interface InstanceRow {
  id: string;
  tenantId: string;
  definitionId: string;
  businessKey: string | null;
  name: string | null;
  startUserId: string | null;
  startTime: Date;
  endTime: Date | null;
  endActivityId: string | null;
  deleteReason: string | null;
  suspensionState: number;
  variables: FlowVariables;
  state: SavedState | null;
  rev: number;
}

export interface TaskRow {
  id: string;
  instanceId: string;
  definitionId: string;
  taskDefKey: string;
  name: string | null;
  executionId: string;
  assigneeId: string | null;
  candidateUserIds: string[];
  candidateGroups: string[];
  endTime: Date | null;
}

const INSTANCE_COLUMNS = sql`id, tenant_id as "tenantId", definition_id as "definitionId", business_key as "businessKey",
  name, start_user_id as "startUserId", start_time as "startTime", end_time as "endTime",
  end_activity_id as "endActivityId", delete_reason as "deleteReason", suspension_state as "suspensionState",
  variables, state, rev`;

export const TASK_COLUMNS = sql`id, instance_id as "instanceId", definition_id as "definitionId",
  task_def_key as "taskDefKey", name, execution_id as "executionId", assignee_id as "assigneeId",
  candidate_user_ids::text[] as "candidateUserIds", candidate_groups as "candidateGroups", end_time as "endTime"`;

/**
 * The instance, locked until the transaction ends: every step of an instance (complete, delete,
 * suspend) takes this lock first, so two requests, on one server or several, never advance it at once.
 */
export async function lockInstance(trx: AnyTrx, tenantId: string, id: string): Promise<InstanceRow> {
  const { rows } = await sql<InstanceRow>`
    select ${INSTANCE_COLUMNS} from flow_instance where tenant_id = ${tenantId} and id = ${id} for update`.execute(trx);
  if (!rows[0]) throw notFound(m['flow.instance.notFound'], { id });
  return rows[0];
}

export async function findTask(trx: AnyTrx, tenantId: string, id: string): Promise<TaskRow | null> {
  const { rows } = await sql<TaskRow>`
    select ${TASK_COLUMNS} from flow_task where tenant_id = ${tenantId} and id = ${id}`.execute(trx);
  return rows[0] ?? null;
}

export async function openTasks(trx: AnyTrx, tenantId: string, instanceId: string): Promise<TaskRow[]> {
  const { rows } = await sql<TaskRow>`
    select ${TASK_COLUMNS} from flow_task
    where tenant_id = ${tenantId} and instance_id = ${instanceId} and end_time is null order by id`.execute(trx);
  return rows;
}

/** Whether an instance of the tenant has ended (for the business records that show their process's state). */
export async function instanceEnded(trx: AnyTrx, tenantId: string, id: string): Promise<boolean | null> {
  const { rows } = await sql<{ ended: boolean }>`
    select end_time is not null as ended from flow_instance where tenant_id = ${tenantId} and id = ${id}`.execute(trx);
  return rows[0]?.ended ?? null;
}
