import { sql } from 'kysely';
import { crudRepository, type Row } from '../../../platform/crud/repository.ts';
import { nextId } from '../../../platform/db/snowflake.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { warehouseMessages as w } from '../messages.ts';
import { unitNames, withNames } from '../names.ts';
import { nextNumber } from '../numbers.ts';
import { requireDevice, requireMaterials, requireRef } from '../references.ts';
import { postMovements } from '../stock/ledger.ts';
import { reverseSource } from '../stock/reversal.ts';
import { assertWarranted } from '../warrant/check.ts';
import { deliveryMessages as m } from './messages.ts';
import { deliveryResource } from './resource.ts';
import type { DeliveryInput } from './schema.ts';

const deliveries = crudRepository(deliveryResource);

export interface OutboundOptions {
  source: 'web' | 'kiosk';
  /** The kiosk's outbounds are limited by the person's warrants; the back office's are not. */
  checkWarrants: boolean;
  at?: Date;
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
  if (options.checkWarrants) {
    await assertWarranted(trx, caller.tenantId, {
      personId: input.personId,
      deviceId: input.deviceId,
      items: input.items,
      at,
    });
  }
  const id = nextId();
  const posted = await postMovements(
    trx,
    caller,
    input.items.map((item) => ({
      deviceId: input.deviceId,
      materialCodeId: item.materialCodeId,
      kind: 'out',
      quantity: `-${item.quantity}`,
      pricing: { kind: 'average' },
      sourceType: 'delivery',
      sourceId: id,
      at,
    })),
  );
  const deliveryNo = await nextNumber(trx, caller.tenantId, 'DL', at);
  await sql`
    insert into wh_delivery (id, tenant_id, delivery_no, device_id, person_id, user_id, dept_id, operator_id, purpose,
                             source, apply_time, remark, create_user, create_dept, update_user)
    values (${id}, ${caller.tenantId}, ${deliveryNo}, ${input.deviceId}, ${input.personId ?? null},
            ${input.userId ?? null}, ${input.deptId ?? null}, ${caller.userId}, ${input.purpose ?? null},
            ${options.source}, ${at}, ${input.remark ?? null}, ${caller.userId}, ${caller.deptIds[0] ?? null},
            ${caller.userId})`.execute(trx);
  await sql`
    insert into wh_delivery_item (id, tenant_id, delivery_id, material_code_id, quantity, unit_price, amount, sort,
                                  create_user, update_user)
    values ${sql.join(
      input.items.map(
        (item, sort) =>
          sql`(${nextId()}, ${caller.tenantId}, ${id}, ${item.materialCodeId}, ${item.quantity}::numeric,
               ${posted[sort]!.unitPrice}::numeric, -(${posted[sort]!.amount}::numeric), ${sort}, ${caller.userId},
               ${caller.userId})`,
      ),
    )}`.execute(trx);
  await sql`
    update wh_delivery d set total_quantity = t.quantity, total_amount = t.amount
    from (select sum(quantity) as quantity, sum(amount) as amount from wh_delivery_item
          where tenant_id = ${caller.tenantId} and delivery_id = ${id}) t
    where d.id = ${id}`.execute(trx);
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

/** Cancels deliveries (all or none): their goods go back into stock at the value they left with. */
export async function cancelDeliveries(trx: AnyTrx, caller: Caller, ids: string[]): Promise<void> {
  for (const id of ids) {
    const delivery = await deliveries.find(trx, caller, id);
    if (!delivery) throw notFound('error.notFound.records', { ids: id });
    if (delivery.status === 2) throw badRequest(m['warehouse.delivery.cancelled'], { no: delivery.deliveryNo });
    await reverseSource(trx, caller, 'delivery', id, String(delivery.deliveryNo));
    await deliveries.update(trx, caller, id, { status: 2 });
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
