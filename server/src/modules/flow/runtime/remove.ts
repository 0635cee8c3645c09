import { sql } from 'kysely';
import { badRequest } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { businessOf } from '../business.ts';
import { flowMessages as m } from '../messages.ts';
import { lockInstance } from './instances.ts';

/**
 * Ends a running instance without finishing it (follow's delete, a cascaded deployment removal, a
 * withdrawn request): its open tasks close with the reason and leave every work list, its history
 * stays, and the business record that started it is told.
 */
export async function deleteInstance(trx: AnyTrx, caller: Caller, instanceId: string, reason: string): Promise<void> {
  const instance = await lockInstance(trx, caller.tenantId, instanceId);
  if (instance.endTime) throw badRequest(m['flow.instance.ended'], { id: instanceId });
  const now = new Date();
  await sql`update flow_task set end_time = ${now}, delete_reason = ${reason}
    where tenant_id = ${caller.tenantId} and instance_id = ${instanceId} and end_time is null`.execute(trx);
  await sql`update flow_activity set end_time = ${now}
    where tenant_id = ${caller.tenantId} and instance_id = ${instanceId} and end_time is null`.execute(trx);
  await sql`update flow_instance set end_time = ${now}, delete_reason = ${reason}, rev = rev + 1
    where id = ${instanceId}`.execute(trx);
  const business = businessOf(instance.businessKey);
  if (business?.hooks.onDelete) {
    await business.hooks.onDelete(trx, caller, { instanceId, businessId: business.id, reason });
  }
}
