import { badRequest } from '../../platform/http/errors.ts';
import { isId } from '../../platform/http/ids.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { liveRoleAliases } from '../system/role/aliases.ts';
import { activeUserByAccount, activeUserIds } from '../user/queries.ts';
import type { FlowVariables } from './engine/expression.ts';
import { resolveValue } from './engine/expression.ts';
import type { WaitingTask } from './engine/step.ts';
import { flowMessages as m } from './messages.ts';

/** Who may do a task: its assignee, or the candidates who may claim it. */
export interface Assignment {
  assigneeId: string | null;
  candidateUserIds: string[];
  candidateGroups: string[];
}

const TASK_USER = /^taskUser_(\d{1,19})$/;

/** BladeX names users `taskUser_<id>` in processes (assignees, variables, the initiator). */
export const taskUser = (userId: string | null | undefined): string | null => (userId ? `taskUser_${userId}` : null);

/**
 * A task's people, resolved when it opens: `flowable:assignee` (`${taskUser}` or a literal) and
 * `candidateUsers` name users as `taskUser_<id>` or by account; `candidateGroups` are role aliases
 * of the instance's tenant. A task nobody could ever do is refused now, with the step that opened it,
 * rather than left waiting for no one.
 */
export async function resolveAssignment(
  trx: AnyTrx,
  tenantId: string,
  task: WaitingTask,
  variables: FlowVariables,
): Promise<Assignment> {
  const label = task.name ?? task.elementId;
  const values = (text: string | null) =>
    (text ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => resolveValue(part, variables));
  const users = async (text: string | null) => {
    const ids: string[] = [];
    for (const value of values(text)) {
      const id = await userIdOf(trx, tenantId, value);
      if (!id) throw badRequest(m['flow.assignee.unknown'], { task: label, value: String(value) });
      ids.push(id);
    }
    return [...new Set(ids)];
  };
  const [assigneeId] = await users(task.assignee);
  const candidateUserIds = await users(task.candidateUsers);
  const candidateGroups = [...new Set(values(task.candidateGroups).map(String))];
  const liveGroups = await liveRoleAliases(trx, tenantId, candidateGroups);
  if (!assigneeId && !candidateUserIds.length && !liveGroups.size) {
    throw badRequest(m['flow.candidates.none'], { task: label, groups: candidateGroups.join(', ') || '-' });
  }
  return { assigneeId: assigneeId ?? null, candidateUserIds, candidateGroups };
}

async function userIdOf(trx: AnyTrx, tenantId: string, value: unknown): Promise<string | null> {
  if (typeof value !== 'string' || !value) return null;
  const id = TASK_USER.exec(value)?.[1];
  if (id) return isId(id) && (await activeUserIds(trx, tenantId, [id])).has(id) ? id : null;
  return activeUserByAccount(trx, tenantId, value);
}
