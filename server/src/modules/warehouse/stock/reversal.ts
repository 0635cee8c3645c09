import { sql } from 'kysely';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { type MovementKind, postMovements, type SourceType } from './ledger.ts';

/**
 * Cancels what a document did to the stock: each of its movements not yet reversed gets a
 * counter-movement of the same kind with the quantity and amount negated (an `in` reversed takes
 * the goods back out, and is refused like any outbound when they are no longer there). It counts
 * in the summaries with its document's time and provider, as the movements it reverses did.
 */
export async function reverseSource(
  trx: AnyTrx,
  caller: Caller,
  sourceType: SourceType,
  sourceId: string,
  remark: string,
): Promise<void> {
  const { rows } = await sql<{
    id: string;
    deviceId: string;
    materialCodeId: string;
    kind: MovementKind;
    quantity: string;
    amount: string;
  }>`
    select m.id, m.device_id as "deviceId", m.material_code_id as "materialCodeId", m.kind, m.quantity, m.amount
    from wh_stock_movement m
    where m.tenant_id = ${caller.tenantId} and m.source_type = ${sourceType} and m.source_id = ${sourceId}
      and m.reverses_id is null
      and not exists (select 1 from wh_stock_movement r where r.reverses_id = m.id)
    order by m.id`.execute(trx);
  const document = await documentOf(trx, caller.tenantId, sourceType, sourceId);
  await postMovements(
    trx,
    caller,
    rows.map((m) => ({
      deviceId: m.deviceId,
      materialCodeId: m.materialCodeId,
      kind: m.kind,
      quantity: negate(m.quantity),
      pricing: { kind: 'reverse', amount: negate(m.amount), reversesId: m.id },
      sourceType,
      sourceId,
      remark,
      ...document,
    })),
  );
}

const negate = (value: string) => (value.startsWith('-') ? value.slice(1) : `-${value}`);

/**
 * The document's time and provider, which a counter-movement is summarised with (none for a
 * stocktake); locked, so that a provider changed at the same moment moves the counter-movements too.
 */
async function documentOf(
  trx: AnyTrx,
  tenantId: string,
  sourceType: SourceType,
  sourceId: string,
): Promise<{ at?: Date; providerId?: string | null }> {
  if (sourceType === 'stocktake') return {};
  const { rows } = await (sourceType === 'refuel'
    ? sql<{ at: Date; providerId: string | null }>`select refuel_time as at, provider_id as "providerId" from wh_refuel
        where id = ${sourceId} and tenant_id = ${tenantId} for update`
    : sql<{ at: Date; providerId: string | null }>`select apply_time as at, null as "providerId" from wh_delivery
        where id = ${sourceId} and tenant_id = ${tenantId} for update`
  ).execute(trx);
  return rows[0] ?? {};
}
