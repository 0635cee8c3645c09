import { sql } from 'kysely';
import { nextId } from '../../../platform/db/snowflake.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { resolveAssignment } from '../assignment.ts';
import type { FlowVariables } from '../engine/expression.ts';
import type { StepResult } from '../engine/step.ts';
import { openTasks } from './instances.ts';

/** The instance a step ran on, as the rows it writes need it. */
export interface StepScope {
  trx: AnyTrx;
  tenantId: string;
  instanceId: string;
  definitionId: string;
  startUserId: string;
  variables: FlowVariables;
}

interface ActivityRow {
  id: string;
  activityId: string;
  name: string | null;
  type: string;
  executionId: string | null;
  taskId: string | null;
  assigneeId: string | null;
  endTime: Date | null;
}

/**
 * Writes what a step did: the tasks it closed and opened (their people resolved now), and the
 * history of activities started, ended and sequence flows taken. `closing` is the task whose
 * completion was the step (already closed by the caller); any other open task the process no longer
 * waits at is closed as moved on.
 */
export async function writeStep(scope: StepScope, result: StepResult, now: Date, closing?: string): Promise<void> {
  const { trx, tenantId, instanceId } = scope;
  const activities: ActivityRow[] = [];
  const started = new Map<string, ActivityRow>();
  const endedBefore: string[] = [];
  for (const event of result.events) {
    const row: ActivityRow = {
      id: nextId(),
      activityId: event.elementId,
      name: event.name,
      type: event.type,
      executionId: event.executionId,
      taskId: null,
      assigneeId: event.type === 'startEvent' ? scope.startUserId : null,
      endTime: event.kind === 'take' ? now : null,
    };
    if (event.kind === 'end') {
      const open = event.executionId ? started.get(event.executionId) : undefined;
      if (open) open.endTime = now;
      else if (event.executionId) endedBefore.push(event.executionId);
      continue;
    }
    activities.push(row);
    if (event.kind === 'start' && event.executionId) started.set(event.executionId, row);
  }

  const waiting = new Set(result.waiting.map((w) => w.executionId));
  for (const task of await openTasks(trx, tenantId, instanceId)) {
    if (task.id === closing || waiting.has(task.executionId)) continue;
    await sql`update flow_task set end_time = ${now}, delete_reason = 'moved on' where id = ${task.id}`.execute(trx);
  }
  const known = new Set((await openTasks(trx, tenantId, instanceId)).map((t) => t.executionId));
  for (const task of result.waiting.filter((w) => !known.has(w.executionId))) {
    const people = await resolveAssignment(trx, tenantId, task, scope.variables);
    const id = nextId();
    await sql`
      insert into flow_task (id, tenant_id, instance_id, definition_id, task_def_key, name, execution_id, assignee_id,
                             candidate_user_ids, candidate_groups, create_time)
      values (${id}, ${tenantId}, ${instanceId}, ${scope.definitionId}, ${task.elementId}, ${task.name},
              ${task.executionId}, ${people.assigneeId}, ${sqlArray(people.candidateUserIds, 'bigint')},
              ${sqlArray(people.candidateGroups, 'text')}, ${now})`.execute(trx);
    const activity = started.get(task.executionId);
    if (activity) Object.assign(activity, { taskId: id, assigneeId: people.assigneeId });
  }

  if (endedBefore.length) {
    await sql`update flow_activity set end_time = ${now}
      where tenant_id = ${tenantId} and instance_id = ${instanceId} and end_time is null
        and execution_id in (${sql.join(endedBefore)})`.execute(trx);
  }
  if (activities.length) {
    await sql`
      insert into flow_activity (id, tenant_id, instance_id, activity_id, activity_name, activity_type, execution_id,
                                 task_id, assignee_id, start_time, end_time)
      values ${sql.join(
        activities.map(
          (a) => sql`(${a.id}, ${tenantId}, ${instanceId}, ${a.activityId}, ${a.name}, ${a.type}, ${a.executionId},
                      ${a.taskId}, ${a.assigneeId}, ${now}, ${a.endTime})`,
        ),
      )}`.execute(trx);
  }
}

/** A parameterised array value (each item a parameter; no text literal to escape). */
export const sqlArray = (items: readonly string[], type: 'bigint' | 'text') =>
  items.length
    ? sql`array[${sql.join(items.map((item) => sql`${item}::${sql.raw(type)}`))}]`
    : sql`'{}'::${sql.raw(type)}[]`;

/** The end event a finished step ended at (the last one reached). */
export function endActivityOf(result: StepResult): string | null {
  const ends = result.events.filter((e) => e.kind === 'end' && e.type === 'endEvent');
  return ends.at(-1)?.elementId ?? null;
}
