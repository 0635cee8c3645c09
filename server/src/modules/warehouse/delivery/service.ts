import { sql } from 'kysely';
import { crudRepository, type Row } from '../../../platform/crud/repository.ts';
import { nextId } from '../../../platform/db/snowflake.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { deleteInstance } from '../../flow/index.ts';
import { warehouseMessages as w } from '../messages.ts';
import { unitNames, withNames } from '../names.ts';
import { nextNumber } from '../numbers.ts';
import { requireDevice, requireMaterials, requireRef } from '../references.ts';
import { type PostedMovement, postMovements } from '../stock/ledger.ts';
import { reverseSource } from '../stock/reversal.ts';
import { assertWarranted } from '../warrant/check.ts';
import { deliveryMessages as m } from './messages.ts';
import { deliveryResource } from './resource.ts';
import type { DeliveryInput, DeliveryItemInput } from './schema.ts';

const deliveries = crudRepository(deliveryResource);

export interface OutboundOptions {
  source: 'web' | 'kiosk';
  /** The kiosk's outbounds are limited by the person's warrants; the back office's are not. */
  checkWarrants: boolean;
  at?: Date;
}

/** The records an outbound names: its device and materials usable, its person, user and dept live. */
export async function checkReferences(trx: AnyTrx, caller: Caller, input: DeliveryInput): Promise<void> {
  await requireDevice(trx, caller.tenantId, input.deviceId);
  await requireMaterials(
    trx,
    caller.tenantId,
    input.items.map((i) => i.materialCodeId),
  );
  if (!input.personId) throw badRequest(w['warehouse.person.required']);
  await requireRef(trx, caller.tenantId, 'person', input.personId);
  await requireRef(trx, caller.tenantId, 'user', input.userId);
  await requireRef(trx, caller.tenantId, 'dept', input.deptId);
}

/**
 * Takes a delivery's lines from the device's stock at the moving average, all or none (the
 * insufficient-stock message names the first line that does not fit).
 */
export function takeLines(
  trx: AnyTrx,
  caller: Caller,
  deliveryId: string,
  deviceId: string,
  items: readonly DeliveryItemInput[],
  at: Date,
): Promise<PostedMovement[]> {
  return postMovements(
    trx,
    caller,
    items.map((item) => ({
      deviceId,
      materialCodeId: item.materialCodeId,
      kind: 'out',
      quantity: `-${item.quantity}`,
      pricing: { kind: 'average' },
      sourceType: 'delivery',
      sourceId: deliveryId,
      at,
    })),
  );
}

/**
 * Records a delivery's header and lines (status 1 posted, with the prices `posted` took; 3 waiting
 * for approval, unpriced) and its totals. Answers its number.
 */
export async function insertDelivery(
  trx: AnyTrx,
  caller: Caller,
  delivery: { id: string; input: DeliveryInput; source: 'web' | 'kiosk'; at: Date; status: 1 | 3 },
  posted?: PostedMovement[],
): Promise<string> {
  const { id, input, at } = delivery;
  const deliveryNo = await nextNumber(trx, caller.tenantId, 'DL', at);
  await sql`
    insert into wh_delivery (id, tenant_id, delivery_no, device_id, person_id, user_id, dept_id, operator_id, purpose,
                             source, apply_time, remark, status, create_user, create_dept, update_user)
    values (${id}, ${caller.tenantId}, ${deliveryNo}, ${input.deviceId}, ${input.personId ?? null},
            ${input.userId ?? null}, ${input.deptId ?? null}, ${caller.userId}, ${input.purpose ?? null},
            ${delivery.source}, ${at}, ${input.remark ?? null}, ${delivery.status}, ${caller.userId},
            ${caller.deptIds[0] ?? null}, ${caller.userId})`.execute(trx);
  await sql`
    insert into wh_delivery_item (id, tenant_id, delivery_id, material_code_id, quantity, unit_price, amount, sort,
                                  create_user, update_user)
    values ${sql.join(
      input.items.map(
        (item, sort) =>
          sql`(${nextId()}, ${caller.tenantId}, ${id}, ${item.materialCodeId}, ${item.quantity}::numeric,
               ${posted?.[sort]?.unitPrice ?? '0'}::numeric, -(${posted?.[sort]?.amount ?? '0'}::numeric), ${sort},
               ${caller.userId}, ${caller.userId})`,
      ),
    )}`.execute(trx);
  await updateTotals(trx, caller.tenantId, id);
  return deliveryNo;
}

/** A delivery's totals, from its lines. */
export async function updateTotals(trx: AnyTrx, tenantId: string, id: string): Promise<void> {
  await sql`
    update wh_delivery d set total_quantity = t.quantity, total_amount = t.amount
    from (select sum(quantity) as quantity, sum(amount) as amount from wh_delivery_item
          where tenant_id = ${tenantId} and delivery_id = ${id} and is_deleted = 0) t
    where d.id = ${id}`.execute(trx);
}

/**
 * Applies an outbound, all lines or none: checks the references (and the warrants when asked),
 * takes every line from the stock at its moving average (refused with the insufficient-stock
 * message when a line does not fit), then numbers and records the delivery with its lines and
 * totals. Answers the delivery's id.
 */
export async function applyOutbound(
  trx: AnyTrx,
  caller: Caller,
  input: DeliveryInput,
  options: OutboundOptions,
): Promise<string> {
  const at = options.at ?? new Date();
  await checkReferences(trx, caller, input);
  if (options.checkWarrants) {
    await assertWarranted(trx, caller.tenantId, {
      personId: input.personId,
      deviceId: input.deviceId,
      items: input.items,
      at,
    });
  }
  const id = nextId();
  const posted = await takeLines(trx, caller, id, input.deviceId, input.items, at);
  await insertDelivery(trx, caller, { id, input, source: options.source, at, status: 1 }, posted);
  return id;
}

/** A posted delivery keeps its lines and device: only the purpose and the remark change. */
export async function updateDelivery(trx: AnyTrx, caller: Caller, id: string, body: Row, values: Row): Promise<void> {
  const existing = await deliveries.find(trx, caller, id);
  if (!existing) throw notFound();
  const sentOther = ['items', 'deviceId', 'personId'].some(
    (key) => body[key] !== undefined && (key === 'items' || String(body[key] ?? '') !== String(existing[key] ?? '')),
  );
  if (sentOther) throw badRequest(m['warehouse.delivery.posted']);
  await deliveries.update(trx, caller, id, values);
}

/**
 * Cancels deliveries (all or none): their goods go back into stock at the value they left with. A
 * request still waiting for approval is withdrawn instead: its process ends with the reason.
 */
export async function cancelDeliveries(trx: AnyTrx, caller: Caller, ids: string[], reason: string): Promise<void> {
  for (const id of ids) {
    const delivery = await deliveries.find(trx, caller, id);
    if (!delivery) throw notFound('error.notFound.records', { ids: id });
    if (delivery.status === 2) throw badRequest(m['warehouse.delivery.cancelled'], { no: delivery.deliveryNo });
    if (delivery.status === 4) throw badRequest(m['warehouse.delivery.rejected'], { no: delivery.deliveryNo });
    await deliveries.update(trx, caller, id, { status: 2 });
    if (delivery.status === 3) {
      await deleteInstance(trx, caller, String(delivery.processInstanceId), reason);
      continue;
    }
    await reverseSource(trx, caller, 'delivery', id, String(delivery.deliveryNo));
  }
}

/** The item lines of a delivery. */
export async function deliveryItems(trx: AnyTrx, caller: Caller, deliveryId: string): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select i.id, i.material_code_id as "materialCodeId", m.code as "materialCode", m.name as "materialName",
           m.unit, i.quantity, i.unit_price as "unitPrice", i.amount, i.sort
    from wh_delivery_item i join wh_material_code m on m.id = i.material_code_id
    where i.tenant_id = ${caller.tenantId} and i.delivery_id = ${deliveryId} and i.is_deleted = 0
    order by i.sort, i.id`.execute(trx);
  return withNames(trx, caller.tenantId, rows, [unitNames]);
}

export { deliveries };
