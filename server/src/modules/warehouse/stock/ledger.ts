import { type RawBuilder, sql } from 'kysely';
import { nextId } from '../../../platform/db/snowflake.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { plainNumber } from '../inputs.ts';
import { warehouseMessages as m } from '../messages.ts';
import { raiseStockNotices } from './alerts.ts';
import { addFlows } from './flows.ts';

export const QUANTITY_LIMIT = '10000000000000';
export const AMOUNT_LIMIT = '10000000000000000';

export type MovementKind = 'in' | 'out' | 'adjust';
export type SourceType = 'refuel' | 'delivery' | 'stocktake';

/** How a movement changes the balance's value. */
export type Pricing =
  /** Goods received at their own unit price. */
  | { kind: 'price'; unitPrice: string }
  /** At the moving average (outbound, stocktake); an increase with no stock takes the last average. */
  | { kind: 'average' }
  /** Exactly undoes another movement: `amount` is the signed change to apply (its amount negated). */
  | { kind: 'reverse'; amount: string; reversesId: string };

export interface MovementRequest {
  deviceId: string;
  materialCodeId: string;
  kind: MovementKind;
  /** Signed change of the quantity: positive adds stock, negative takes it. */
  quantity: string;
  pricing: Pricing;
  sourceType: SourceType;
  sourceId: string;
  remark?: string | null;
  /**
   * The document's own time (a refuel's refuel time), when it is not now: the stock's last in or
   * out time is the latest document's, not the moment a late document was entered.
   */
  at?: Date;
  /** A refuel's provider, by which the summaries group its goods (`flows.ts`). */
  providerId?: string | null;
}

export interface PostedMovement {
  id: string;
  deviceId: string;
  materialCodeId: string;
  quantity: string;
  /** The unit price of the movement: |amount| / |quantity|. */
  unitPrice: string;
  /** The signed change of the balance's value. */
  amount: string;
  balanceAfter: string;
}

/**
 * The one way stock changes. Each movement locks its balance row (`for update`, in a fixed order
 * so that two multi-line movements cannot deadlock), refuses to take more than is there, updates
 * quantity, value and moving average, and appends the ledger row whose amount is exactly the
 * change of the balance's value: the ledger always sums to the balances. Then the notices of the
 * stock that ended low or out are raised, and the summaries the reports read are added to. All
 * inside the caller's tenant transaction, so a refused line leaves nothing written.
 */
export async function postMovements(
  trx: AnyTrx,
  caller: Caller,
  requests: readonly MovementRequest[],
): Promise<PostedMovement[]> {
  const order = requests
    .map((request, index) => ({ request, index }))
    .sort(
      (a, b) =>
        compareIds(a.request.deviceId, b.request.deviceId) ||
        compareIds(a.request.materialCodeId, b.request.materialCodeId) ||
        a.index - b.index,
    );
  const posted: PostedMovement[] = new Array(requests.length);
  for (const { request, index } of order) posted[index] = await postOne(trx, caller, request);
  await raiseStockNotices(trx, caller, posted);
  // last: the device totals it writes are shared with other postings (see addFlows)
  await addFlows(trx, caller.tenantId, requests, posted);
  return posted;
}

const compareIds = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

async function postOne(trx: AnyTrx, caller: Caller, request: MovementRequest): Promise<PostedMovement> {
  const { deviceId, materialCodeId, quantity } = request;
  const increase = Number(quantity) > 0;
  if (increase) {
    // A first receipt creates the balance; its average starts at the material's reference price.
    await sql`
      insert into wh_stock_balance (id, tenant_id, device_id, material_code_id, average_price, create_user, update_user)
      select ${nextId()}, ${caller.tenantId}, ${deviceId}, ${materialCodeId}, coalesce(m.reference_price, 0),
             ${caller.userId}, ${caller.userId}
      from wh_material_code m where m.id = ${materialCodeId} and m.tenant_id = ${caller.tenantId}
      on conflict (tenant_id, device_id, material_code_id) do nothing`.execute(trx);
  }
  const newAmount = amountAfter(quantity, request.pricing);
  const dq = sql`${quantity}::numeric`;
  // Whether a receipt still fits the balance's columns (quantity numeric(16,3), amount numeric(18,2)).
  const { rows } = await sql<{ id: string; quantity: string; amount: string; enough: boolean; fits: boolean }>`
    select id, quantity, amount, quantity + ${dq} >= 0 as enough,
           case when ${dq} > 0 then quantity + ${dq} < ${QUANTITY_LIMIT}::numeric and ${newAmount} < ${AMOUNT_LIMIT}::numeric
                else true end as fits
    from wh_stock_balance
    where tenant_id = ${caller.tenantId} and device_id = ${deviceId} and material_code_id = ${materialCodeId}
    for update`.execute(trx);
  const balance = rows[0];
  if (!balance?.enough) await refuseInsufficient(trx, caller, request, balance?.quantity ?? '0');
  if (!balance!.fits) await refuseStock(trx, caller, request, m['warehouse.stock.tooLarge']);
  // greatest() skips nulls: the first movement sets the time, a back-dated one never moves it back
  const at = request.at ? sql`${request.at}::timestamptz` : sql`now()`;
  const latest = (column: string) => sql`greatest(${at}, ${sql.ref(column)})`;
  const { rows: updated } = await sql<{ quantity: string; amount: string }>`
    update wh_stock_balance set
      quantity = quantity + ${dq},
      amount = ${newAmount},
      average_price = case when quantity + ${dq} > 0 then round((${newAmount}) / (quantity + ${dq}), 4)
                           else average_price end,
      last_in_time = case when ${request.kind === 'in' && increase} then ${latest('last_in_time')} else last_in_time end,
      last_out_time = case when ${request.kind === 'out' && !increase} then ${latest('last_out_time')} else last_out_time end,
      update_user = ${caller.userId}, update_time = now()
    where id = ${balance!.id} and quantity + ${dq} >= 0
    returning quantity, amount`.execute(trx);
  const after = updated[0]!;
  const id = nextId();
  const { rows: inserted } = await sql<{ quantity: string; unitPrice: string; amount: string }>`
    insert into wh_stock_movement (id, tenant_id, device_id, material_code_id, kind, quantity, unit_price, amount,
      balance_after, source_type, source_id, reverses_id, operator_id, remark, create_user, create_dept, update_user)
    select ${id}, ${caller.tenantId}, ${deviceId}, ${materialCodeId}, ${request.kind}, ${dq},
      round(abs(delta) / abs(${dq}), 4), delta, ${after.quantity}::numeric, ${request.sourceType}, ${request.sourceId},
      ${request.pricing.kind === 'reverse' ? request.pricing.reversesId : null}, ${caller.userId},
      ${request.remark ?? null}, ${caller.userId}, ${caller.deptIds[0] ?? null}, ${caller.userId}
    from (select ${after.amount}::numeric - ${balance!.amount}::numeric as delta) d
    returning quantity, unit_price as "unitPrice", amount`.execute(trx);
  const movement = inserted[0]!;
  return {
    id,
    deviceId,
    materialCodeId,
    quantity: movement.quantity,
    unitPrice: movement.unitPrice,
    amount: movement.amount,
    balanceAfter: after.quantity,
  };
}

/**
 * The balance's value after the movement, as SQL over the locked row's current `quantity` and
 * `amount`. Taking the last of the stock takes all of its value, so no rounding residue stays behind.
 */
function amountAfter(quantity: string, pricing: Pricing): RawBuilder<string> {
  const dq = sql`${quantity}::numeric`;
  if (Number(quantity) > 0) {
    if (pricing.kind === 'price') return sql`amount + round(${dq} * ${pricing.unitPrice}::numeric, 2)`;
    if (pricing.kind === 'reverse') return sql`amount + ${pricing.amount}::numeric`;
    return sql`amount + round(${dq} * (case when quantity > 0 then amount / quantity else average_price end), 2)`;
  }
  const taken =
    pricing.kind === 'average'
      ? sql`round(amount * -${dq} / quantity, 2)`
      : pricing.kind === 'reverse'
        ? sql`-(${pricing.amount}::numeric)`
        : sql`round(-${dq} * ${pricing.unitPrice}::numeric, 2)`;
  return sql`case when quantity + ${dq} = 0 then 0 else greatest(amount - ${taken}, 0) end`;
}

async function refuseInsufficient(trx: AnyTrx, caller: Caller, request: MovementRequest, available: string) {
  await refuseStock(trx, caller, request, m['warehouse.stock.insufficient'], { available: plainNumber(available) });
}

/** Refuses a movement with a message naming its material and device. */
async function refuseStock(
  trx: AnyTrx,
  caller: Caller,
  request: MovementRequest,
  key: string,
  params: Record<string, unknown> = {},
): Promise<never> {
  const { rows } = await sql<{ material: string; device: string }>`
    select (select name from wh_material_code where id = ${request.materialCodeId} and tenant_id = ${caller.tenantId})
             as material,
           (select name from wh_device where id = ${request.deviceId} and tenant_id = ${caller.tenantId}) as device`.execute(
    trx,
  );
  throw badRequest(key, {
    material: rows[0]?.material ?? request.materialCodeId,
    device: rows[0]?.device ?? request.deviceId,
    ...params,
  });
}
