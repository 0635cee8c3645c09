import { sql } from 'kysely';
import { nextId } from '../../../platform/db/snowflake.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { userNames } from '../../user/queries.ts';
import { businessOf } from '../business.ts';
import { requireDefinition } from '../definitions.ts';
import type { FlowVariables } from '../engine/expression.ts';
import { signalEngine } from '../engine/step.ts';
import { flowMessages as m } from '../messages.ts';
import { findTask, lockInstance, type TaskRow } from './instances.ts';
import { endActivityOf, writeStep } from './record.ts';

export interface CompleteInput {
  taskId: string;
  processInstanceId?: string;
  pass: boolean;
  comment: string;
  variables?: FlowVariables;
}

/**
 * Completes a task as its assignee, one step in one transaction: the instance row is locked first
 * (a second completion of the task, on this server or another, waits here and then finds it done),
 * the task is checked (open, assigned to the caller, not suspended), the engine moves the instance
 * on with `pass` and the variables, and tasks, history, comment, variables and state are written.
 * Any refusal, of ours, the engine's or a business hook's (stock no longer there), leaves everything
 * as it was.
 */
export async function completeTask(trx: AnyTrx, caller: Caller, input: CompleteInput): Promise<void> {
  const tenantId = caller.tenantId;
  const seen = await findTask(trx, tenantId, input.taskId);
  if (!seen || (input.processInstanceId && seen.instanceId !== input.processInstanceId)) {
    throw notFound(m['flow.task.notFound'], { id: input.taskId });
  }
  const instance = await lockInstance(trx, tenantId, seen.instanceId);
  const task = (await findTask(trx, tenantId, input.taskId))!;
  await assertCompletable(trx, caller, task);
  if (instance.suspensionState !== 1) throw badRequest(m['flow.instance.suspended'], { name: instance.name });
  const definition = await requireDefinition(trx, tenantId, instance.definitionId);
  const variables: FlowVariables = { ...instance.variables, ...input.variables, pass: input.pass };
  const result = await signalEngine({ id: definition.id, xml: definition.xml }, instance.state!, variables, {
    elementId: task.taskDefKey,
    executionId: task.executionId,
  });
  const now = new Date();
  await sql`update flow_task set end_time = ${now}, outcome = ${input.pass ? 'pass' : 'reject'} where id = ${task.id}`.execute(
    trx,
  );
  await sql`update flow_activity set assignee_id = ${caller.userId}
    where tenant_id = ${tenantId} and instance_id = ${instance.id} and task_id = ${task.id}`.execute(trx);
  await sql`insert into flow_comment (id, tenant_id, instance_id, task_id, user_id, message, time)
    values (${nextId()}, ${tenantId}, ${instance.id}, ${task.id}, ${caller.userId}, ${input.comment}, ${now})`.execute(
    trx,
  );
  const startUserId = instance.startUserId ?? caller.userId;
  await writeStep(
    { trx, tenantId, instanceId: instance.id, definitionId: definition.id, startUserId, variables },
    result,
    now,
    task.id,
  );
  await sql`
    update flow_instance set variables = ${JSON.stringify(variables)}::jsonb, state = ${JSON.stringify(result.state)}::jsonb,
      engine_version = ${result.engineVersion}, rev = rev + 1,
      end_time = ${result.ended ? now : null}, end_activity_id = ${endActivityOf(result)}
    where id = ${instance.id}`.execute(trx);
  const business = result.ended ? businessOf(instance.businessKey) : null;
  if (business?.hooks.onEnd) {
    await business.hooks.onEnd(trx, caller, {
      instanceId: instance.id,
      businessId: business.id,
      pass: input.pass,
      comment: input.comment,
    });
  }
}

/** 409 when done or not yet claimed, 403 when someone else's. */
async function assertCompletable(trx: AnyTrx, caller: Caller, task: TaskRow): Promise<void> {
  const label = task.name ?? task.taskDefKey;
  if (task.endTime) throw conflict(m['flow.task.done'], { name: label });
  if (!task.assigneeId) throw conflict(m['flow.task.unclaimed'], { name: label });
  if (task.assigneeId !== caller.userId) {
    const names = await userNames(trx, caller.tenantId, [task.assigneeId]);
    throw forbidden(m['flow.task.notAssignee'], { name: label, user: names.get(task.assigneeId) ?? task.assigneeId });
  }
}
