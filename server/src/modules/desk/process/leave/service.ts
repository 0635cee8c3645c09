import { sql } from 'kysely';
import type { PermissionResolver } from '../../../../platform/auth/access.ts';
import { nextId } from '../../../../platform/db/snowflake.ts';
import { badRequest, notFound } from '../../../../platform/http/errors.ts';
import type { Caller } from '../../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../../platform/tenancy/tenant-db.ts';
import { assertInstanceVisible, instanceEnded, startProcess } from '../../../flow/index.ts';
import { activeUserIds, userNames } from '../../../user/queries.ts';
import { leaveMessages as m } from './messages.ts';
import type { LeaveInput } from './schema.ts';

export const LEAVE_TABLE = 'blade_process_leave';
const DAY_MS = 86_400_000;

/** Whole days between start and end, truncated, as Java's `Duration.between(…).toDays()` (3 d 20 h → 3). */
export const leaveDays = (start: Date, end: Date) => Math.floor((end.getTime() - start.getTime()) / DAY_MS);

/**
 * Saves a leave request and starts its process, in one transaction (BladeX's LeaveServiceImpl): the
 * business key `blade_process_leave:<id>`, the applicant as the start event's initiator, and the
 * variables the leave process reads: `taskUser` (the approver as `taskUser_<id>`), `days`, `createUser`.
 */
export async function startLeave(trx: AnyTrx, caller: Caller, input: LeaveInput): Promise<string> {
  if (!(await activeUserIds(trx, caller.tenantId, [input.taskUser])).has(input.taskUser)) {
    throw badRequest(m['desk.leave.taskUser.unknown'], { id: input.taskUser });
  }
  const id = nextId();
  await sql`
    insert into blade_process_leave (id, tenant_id, process_definition_id, start_time, end_time, reason, task_user,
                                     create_user, create_dept, update_user)
    values (${id}, ${caller.tenantId}, ${input.processDefinitionId}, ${input.startTime}, ${input.endTime},
            ${input.reason}, ${input.taskUser}, ${caller.userId}, ${caller.deptIds[0] ?? null}, ${caller.userId})`.execute(
    trx,
  );
  const started = await startProcess(trx, caller, {
    definitionId: input.processDefinitionId,
    businessKey: `${LEAVE_TABLE}:${id}`,
    variables: {
      createUser: caller.account,
      taskUser: `taskUser_${input.taskUser}`,
      days: leaveDays(input.startTime, input.endTime),
    },
  });
  await sql`update blade_process_leave set process_instance_id = ${started.instanceId} where id = ${id}`.execute(trx);
  return id;
}

/**
 * A leave request with its people's names, for its applicant, or anyone who may see its process
 * (a participant, an overseer); otherwise 404.
 */
export async function leaveDetail(trx: AnyTrx, permissions: PermissionResolver, caller: Caller, id: string) {
  const { rows } = await sql<{
    id: string;
    tenantId: string;
    processDefinitionId: string;
    processInstanceId: string | null;
    startTime: Date;
    endTime: Date;
    reason: string;
    taskUser: string;
    applyTime: Date;
    createUser: string | null;
    createTime: Date;
  }>`
    select l.id::text, l.tenant_id as "tenantId", l.process_definition_id as "processDefinitionId",
           l.process_instance_id::text as "processInstanceId", l.start_time as "startTime", l.end_time as "endTime",
           l.reason, l.task_user::text as "taskUser", l.apply_time as "applyTime", l.create_user::text as "createUser",
           l.create_time as "createTime"
    from blade_process_leave l
    where l.tenant_id = ${caller.tenantId} and l.id = ${id} and l.is_deleted = 0`.execute(trx);
  const leave = rows[0];
  if (!leave) throw notFound();
  if (leave.createUser !== caller.userId) {
    if (!leave.processInstanceId) throw notFound();
    await assertInstanceVisible(trx, permissions, caller, leave.processInstanceId);
  }
  const names = await userNames(
    trx,
    caller.tenantId,
    [leave.taskUser, leave.createUser].filter((u): u is string => !!u),
  );
  const finished = leave.processInstanceId && (await instanceEnded(trx, caller.tenantId, leave.processInstanceId));
  const applicant = leave.createUser ? (names.get(leave.createUser) ?? null) : null;
  return {
    ...leave,
    taskUserName: names.get(leave.taskUser) ?? null,
    createUserName: applicant,
    days: leaveDays(leave.startTime, leave.endTime),
    flow: { assigneeName: applicant, processIsFinished: finished ? ('finished' as const) : ('unfinished' as const) },
  };
}
