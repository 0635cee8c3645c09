import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { flowMessages as m } from '../messages.ts';
import { findTask } from './instances.ts';

/**
 * BladeX's `delete-task` is Flowable's `taskService.deleteTask`, which refuses a task that is part of
 * a running process (the process would wait at it for ever); every task here is one. So it deletes
 * nothing: an open task is refused with the way out (ending its instance, 流程跟踪), a finished one
 * is 409, another tenant's or an unknown one 404.
 */
export async function deleteTask(trx: AnyTrx, caller: Caller, taskId: string): Promise<never> {
  const task = await findTask(trx, caller.tenantId, taskId);
  if (!task) throw notFound(m['flow.task.notFound'], { id: taskId });
  const name = task.name ?? task.taskDefKey;
  if (task.endTime) throw conflict(m['flow.task.done'], { name });
  throw badRequest(m['flow.task.inProcess'], { name });
}
