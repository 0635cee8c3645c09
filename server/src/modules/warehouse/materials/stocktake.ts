import { sql } from 'kysely';
import { nextId } from '../../../platform/db/snowflake.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { requireDevice, requireMaterials } from '../references.ts';
import { type PostedMovement, postMovements } from '../stock/ledger.ts';
import type { StocktakeInput } from './schema.ts';

/**
 * Sets a stock to what was counted: one `adjust` movement of the difference, at the moving average,
 * with the reason as its remark. The balance row is locked before the difference is taken, so a
 * movement at the same moment cannot slip between. No difference, no movement.
 */
export async function stocktake(trx: AnyTrx, caller: Caller, input: StocktakeInput): Promise<PostedMovement | null> {
  await requireDevice(trx, caller.tenantId, input.deviceId, false);
  await requireMaterials(trx, caller.tenantId, [input.materialCodeId], false);
  const { rows } = await sql<{ difference: string }>`
    select ${input.countedQuantity}::numeric - coalesce((
      select quantity from wh_stock_balance
      where tenant_id = ${caller.tenantId} and device_id = ${input.deviceId} and material_code_id = ${input.materialCodeId}
      for update), 0) as difference`.execute(trx);
  const difference = rows[0]!.difference;
  if (Number(difference) === 0) return null;
  const [posted] = await postMovements(trx, caller, [
    {
      deviceId: input.deviceId,
      materialCodeId: input.materialCodeId,
      kind: 'adjust',
      quantity: difference,
      pricing: { kind: 'average' },
      sourceType: 'stocktake',
      sourceId: nextId(),
      remark: input.reason,
    },
  ]);
  return posted!;
}
