import { sql } from 'kysely';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { userNames } from '../../user/queries.ts';
import { flowMessages as m } from '../messages.ts';
import { findTask } from './instances.ts';
import { sqlArray } from './record.ts';

/**
 * Claims a task for the caller with one conditional update: open, nobody's yet, the caller a
 * candidate (by user or by one of their roles), the instance active. Two claims at once: the second
 * waits for the first's row lock, finds an assignee and answers 409; nothing else was written.
 */
export async function claimTask(trx: AnyTrx, caller: Caller, taskId: string): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    update flow_task t set assignee_id = ${caller.userId}, claim_time = now()
    where t.tenant_id = ${caller.tenantId} and t.id = ${taskId} and t.end_time is null and t.assignee_id is null
      and (${caller.userId}::bigint = any(t.candidate_user_ids)
           or t.candidate_groups && ${sqlArray(caller.roleAliases, 'text')})
      and exists (select 1 from flow_instance i where i.id = t.instance_id and i.suspension_state = 1)
    returning t.id`.execute(trx);
  if (rows.length) {
    await sql`update flow_activity set assignee_id = ${caller.userId}
      where tenant_id = ${caller.tenantId} and task_id = ${taskId}`.execute(trx);
    return;
  }
  await refuseClaim(trx, caller, taskId);
}

/** Why a claim took nothing, as the caller's message. */
async function refuseClaim(trx: AnyTrx, caller: Caller, taskId: string): Promise<never> {
  const task = await findTask(trx, caller.tenantId, taskId);
  if (!task) throw notFound(m['flow.task.notFound'], { id: taskId });
  const label = task.name ?? task.taskDefKey;
  if (task.endTime) throw conflict(m['flow.task.done'], { name: label });
  if (task.assigneeId) {
    const user = (await userNames(trx, caller.tenantId, [task.assigneeId])).get(task.assigneeId) ?? task.assigneeId;
    throw conflict(m['flow.task.claimed'], { name: label, user });
  }
  const candidate =
    task.candidateUserIds.includes(caller.userId) || task.candidateGroups.some((g) => caller.roleAliases.includes(g));
  if (!candidate) throw forbidden(m['flow.task.notCandidate'], { name: label });
  const { rows } = await sql<{ name: string | null }>`select name from flow_instance
    where tenant_id = ${caller.tenantId} and id = ${task.instanceId}`.execute(trx);
  throw badRequest(m['flow.instance.suspended'], { name: rows[0]?.name ?? task.instanceId });
}
