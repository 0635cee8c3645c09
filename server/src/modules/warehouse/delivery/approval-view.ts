import { sql } from 'kysely';
import type { Row } from '../../../platform/crud/repository.ts';
import type { Locale } from '../../../platform/i18n/i18n.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { historyFlowList } from '../../flow/index.ts';
import { plainNumber } from '../inputs.ts';
import { DELIVERY_STATUS } from './approval.ts';

const STATES: Record<number, string> = {
  [DELIVERY_STATUS.waiting]: 'pending',
  [DELIVERY_STATUS.posted]: 'approved',
  [DELIVERY_STATUS.rejected]: 'rejected',
  [DELIVERY_STATUS.cancelled]: 'withdrawn',
};

/**
 * A delivery's detail for the screens and its approvers: `approval` (null when it never needed one)
 * with its state (pending, approved, rejected, withdrawn), the last comment and the process's
 * history; and, while it waits, each line's `available` stock at the device now.
 */
export async function withApproval(trx: AnyTrx, caller: Caller, detail: Row, locale: Locale): Promise<Row> {
  const instanceId = detail.processInstanceId ? String(detail.processInstanceId) : null;
  const approval = instanceId && {
    processInstanceId: instanceId,
    state: STATES[Number(detail.status)] ?? 'pending',
    comment: detail.approvalComment ?? null,
    history: await historyFlowList(trx, caller.tenantId, instanceId, locale),
  };
  if (detail.status !== DELIVERY_STATUS.waiting) return { ...detail, approval: approval || null };
  const items = detail.items as Row[];
  const { rows } = await sql<{ materialCodeId: string; quantity: string }>`
    select material_code_id::text as "materialCodeId", quantity::text from wh_stock_balance
    where tenant_id = ${caller.tenantId} and device_id = ${String(detail.deviceId)}
      and material_code_id in (${sql.join(items.map((i) => String(i.materialCodeId)))})`.execute(trx);
  const stock = new Map(rows.map((r) => [r.materialCodeId, plainNumber(r.quantity)]));
  return {
    ...detail,
    approval: approval || null,
    items: items.map((item) => ({ ...item, available: stock.get(String(item.materialCodeId)) ?? '0' })),
  };
}
