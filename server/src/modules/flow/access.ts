import { sql } from 'kysely';
import type { PermissionResolver } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Caller } from '../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { flowMessages as m } from './messages.ts';
import { sqlArray } from './runtime/record.ts';

/** Who oversees every process of the tenant (流程跟踪, 流程管理): they see any instance's history. */
export const FLOW_OVERSIGHT = ['flow_follow', 'flow_follow_delete', 'flow_manager', 'flow_manager_image'] as const;

/** The work menus (我的事务): their holders see the instances they take part in. */
export const WORK_MENUS = ['work_start', 'work_claim', 'work_todo', 'work_send', 'work_done'] as const;

/**
 * That the caller may read an instance (its history, diagram, business record): an overseer any of
 * the tenant's; anyone else only one they started or hold, held or may claim a task of. Otherwise
 * 404, as for an instance that does not exist.
 */
export async function assertInstanceVisible(
  trx: AnyTrx,
  permissions: PermissionResolver,
  caller: Caller,
  instanceId: string,
): Promise<void> {
  const overseer = await permissions.hasAny(caller, FLOW_OVERSIGHT);
  const { rows } = await sql`
    select 1 from flow_instance i
    where i.tenant_id = ${caller.tenantId} and i.id = ${instanceId}
      and (${overseer} or i.start_user_id = ${caller.userId} or exists (
        select 1 from flow_task t where t.tenant_id = i.tenant_id and t.instance_id = i.id
          and (t.assignee_id = ${caller.userId} or ${caller.userId}::bigint = any(t.candidate_user_ids)
               or t.candidate_groups && ${sqlArray(caller.roleAliases, 'text')})))`.execute(trx);
  if (!rows.length) throw notFound(m['flow.instance.notFound'], { id: instanceId });
}
