import { sql } from 'kysely';
import { nextId } from '../../../platform/db/snowflake.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { type FlowBusiness, latestDefinitionId, startProcess } from '../../flow/index.ts';
import { requireDevice, requireMaterials } from '../references.ts';
import { deliveryMessages as m } from './messages.ts';
import type { DeliveryInput } from './schema.ts';
import { checkReferences, insertDelivery, takeLines, updateTotals } from './service.ts';

/** A delivery's `status`: 1 posted, 2 cancelled (or withdrawn), 3 waiting for approval, 4 rejected. */
export const DELIVERY_STATUS = { posted: 1, cancelled: 2, waiting: 3, rejected: 4 } as const;
export const DELIVERY_TABLE = 'wh_delivery';

/** A tenant's outbound approval: requests over the threshold wait for the named process. */
export interface ApprovalSetting {
  enabled: number;
  processKey: string | null;
  thresholdKind: 'quantity' | 'amount';
  threshold: string;
}

export async function approvalSetting(trx: AnyTrx, tenantId: string): Promise<ApprovalSetting> {
  const { rows } = await sql<ApprovalSetting>`
    select enabled, process_key as "processKey", threshold_kind as "thresholdKind", threshold::text as threshold
    from wh_outbound_approval where tenant_id = ${tenantId}`.execute(trx);
  return rows[0] ?? { enabled: 0, processKey: null, thresholdKind: 'quantity', threshold: '0' };
}

/** Saves the setting; switching it on needs a deployed process of that key. */
export async function saveApprovalSetting(trx: AnyTrx, caller: Caller, setting: ApprovalSetting): Promise<void> {
  if (setting.enabled && !setting.processKey) throw badRequest(m['warehouse.approval.processKey.required']);
  if (setting.processKey && !(await latestDefinitionId(trx, caller.tenantId, setting.processKey))) {
    throw badRequest(m['warehouse.approval.process.unknown'], { key: setting.processKey });
  }
  await sql`
    insert into wh_outbound_approval (tenant_id, enabled, process_key, threshold_kind, threshold, update_user, update_time)
    values (${caller.tenantId}, ${setting.enabled}, ${setting.processKey}, ${setting.thresholdKind},
            ${setting.threshold}::numeric, ${caller.userId}, now())
    on conflict (tenant_id) do update set enabled = excluded.enabled, process_key = excluded.process_key,
      threshold_kind = excluded.threshold_kind, threshold = excluded.threshold, update_user = excluded.update_user,
      update_time = now()`.execute(trx);
}

/**
 * What a request amounts to: its total quantity and its value at the stock's moving average now
 * (the material's reference price where there is no stock), and whether it is over the setting's
 * threshold. Compared as numeric in the database, so no float rounding decides.
 */
async function measure(trx: AnyTrx, tenantId: string, input: DeliveryInput, setting: ApprovalSetting) {
  const lines = sql.join(input.items.map((i) => sql`(${i.materialCodeId}::bigint, ${i.quantity}::numeric)`));
  const measured = setting.thresholdKind === 'amount' ? sql`t.amount` : sql`t.quantity`;
  const { rows } = await sql<{ quantity: string; amount: string; over: boolean }>`
    select t.quantity::text, t.amount::text, ${measured} > ${setting.threshold}::numeric as over from (
      select sum(l.q) as quantity,
             sum(round(l.q * coalesce(case when b.quantity > 0 then b.amount / b.quantity else b.average_price end,
                                      m.reference_price, 0), 2)) as amount
      from (values ${lines}) l (material_code_id, q)
      left join wh_stock_balance b on b.tenant_id = ${tenantId} and b.device_id = ${input.deviceId}
                                  and b.material_code_id = l.material_code_id
      left join wh_material_code m on m.tenant_id = ${tenantId} and m.id = l.material_code_id) t`.execute(trx);
  return rows[0]!;
}

/**
 * A back-office outbound under the tenant's approval setting: over the threshold it is saved as
 * waiting (status 3, numbered, its lines unpriced, no stock moved) and the setting's process starts
 * for it (`wh_delivery:<id>`, variables deliveryNo, quantity, amount); otherwise null: the caller
 * posts it as usual.
 */
export async function requestApproval(trx: AnyTrx, caller: Caller, input: DeliveryInput): Promise<string | null> {
  const setting = await approvalSetting(trx, caller.tenantId);
  if (!setting.enabled || !setting.processKey) return null;
  await checkReferences(trx, caller, input);
  const measured = await measure(trx, caller.tenantId, input, setting);
  if (!measured.over) return null;
  const id = nextId();
  const deliveryNo = await insertDelivery(trx, caller, {
    id,
    input,
    source: 'web',
    at: new Date(),
    status: DELIVERY_STATUS.waiting,
  });
  const started = await startProcess(trx, caller, {
    key: setting.processKey,
    businessKey: `${DELIVERY_TABLE}:${id}`,
    variables: { deliveryNo, quantity: Number(measured.quantity), amount: Number(measured.amount) },
  });
  await sql`update wh_delivery set process_instance_id = ${started.instanceId} where id = ${id}`.execute(trx);
  return id;
}

/** The delivery, locked, when it still waits for its process; null otherwise. */
async function waiting(trx: AnyTrx, tenantId: string, id: string) {
  const { rows } = await sql<{ deviceId: string }>`
    select device_id as "deviceId" from wh_delivery
    where tenant_id = ${tenantId} and id = ${id} and status = ${DELIVERY_STATUS.waiting} and is_deleted = 0
    for update`.execute(trx);
  return rows[0] ?? null;
}

/**
 * Approved: the stock moves now, all lines or none, at the moving average, as any outbound (a
 * line the stock no longer covers refuses the approval with the usual message; the request stays
 * open). The delivery becomes posted at this time, its lines priced.
 */
async function post(trx: AnyTrx, caller: Caller, id: string, comment: string | null): Promise<void> {
  const delivery = await waiting(trx, caller.tenantId, id);
  if (!delivery) return;
  const { rows: items } = await sql<{ id: string; materialCodeId: string; quantity: string }>`
    select id, material_code_id as "materialCodeId", quantity::text from wh_delivery_item
    where tenant_id = ${caller.tenantId} and delivery_id = ${id} and is_deleted = 0 order by sort, id`.execute(trx);
  await requireDevice(trx, caller.tenantId, delivery.deviceId);
  await requireMaterials(
    trx,
    caller.tenantId,
    items.map((i) => i.materialCodeId),
  );
  const at = new Date();
  const posted = await takeLines(trx, caller, id, delivery.deviceId, items, at);
  for (const [index, item] of items.entries()) {
    await sql`update wh_delivery_item set unit_price = ${posted[index]!.unitPrice}::numeric,
        amount = -(${posted[index]!.amount}::numeric), update_user = ${caller.userId}, update_time = now()
      where id = ${item.id}`.execute(trx);
  }
  await updateTotals(trx, caller.tenantId, id);
  await sql`update wh_delivery set status = ${DELIVERY_STATUS.posted}, apply_time = ${at}, approval_comment = ${comment},
      update_user = ${caller.userId}, update_time = now()
    where id = ${id}`.execute(trx);
}

async function close(trx: AnyTrx, caller: Caller, id: string, comment: string | null): Promise<void> {
  if (!(await waiting(trx, caller.tenantId, id))) return;
  await sql`update wh_delivery set status = ${DELIVERY_STATUS.rejected}, approval_comment = ${comment},
      update_user = ${caller.userId}, update_time = now()
    where id = ${id}`.execute(trx);
}

/**
 * How the approval process ends a request: the last decision `pass` approves (the stock moves) or
 * rejects (closed with the comment); a deleted instance closes it with the reason.
 */
export const deliveryApproval: FlowBusiness = {
  table: DELIVERY_TABLE,
  onEnd: (trx, caller, outcome) =>
    outcome.pass === false
      ? close(trx, caller, outcome.businessId, outcome.comment)
      : post(trx, caller, outcome.businessId, outcome.comment),
  onDelete: (trx, caller, record) => close(trx, caller, record.businessId, record.reason),
};
