import { sql } from 'kysely';
import { crudRepository, type Row } from '../../../platform/crud/repository.ts';
import { nextId } from '../../../platform/db/snowflake.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { checkAmounts } from '../amounts.ts';
import { nextNumber } from '../numbers.ts';
import { requireDevice, requireMaterials, requireRef } from '../references.ts';
import { moveRefuelProvider } from '../stock/flows.ts';
import { postMovements } from '../stock/ledger.ts';
import { reverseSource } from '../stock/reversal.ts';
import { refuelMessages as m } from './messages.ts';
import { refuelResource } from './resource.ts';
import type { RefuelInput } from './schema.ts';

const refuels = crudRepository(refuelResource);

/**
 * Receives goods: the refuel, its item lines (amount = quantity x unit price; no price means the
 * material's reference price) and one `in` movement per line, in one transaction.
 */
export async function createRefuel(trx: AnyTrx, caller: Caller, input: RefuelInput): Promise<string> {
  await requireDevice(trx, caller.tenantId, input.deviceId);
  await requireRef(trx, caller.tenantId, 'provider', input.providerId);
  const materials = await requireMaterials(
    trx,
    caller.tenantId,
    input.items.map((i) => i.materialCodeId),
  );
  // No price: the material's reference price, as the insert below takes it.
  checkAmounts(
    input.items.map((i) => ({
      quantity: i.quantity,
      unitPrice: i.unitPrice ?? materials.get(i.materialCodeId)?.referencePrice ?? '0',
    })),
  );
  const refuelTime = input.refuelTime ?? new Date();
  const refuelNo = await nextNumber(trx, caller.tenantId, 'RF', refuelTime);
  const header = await refuels.insert(trx, caller, {
    refuelNo,
    deviceId: input.deviceId,
    providerId: input.providerId ?? null,
    operatorId: caller.userId,
    refuelTime,
    remark: input.remark ?? null,
  });
  const refuelId = String(header.id);
  const items = await sql<{ materialCodeId: string; quantity: string; unitPrice: string }>`
    insert into wh_refuel_item (id, tenant_id, refuel_id, material_code_id, quantity, unit_price, amount, batch_no,
                                expiry_date, sort, create_user, update_user)
    select v.id, ${caller.tenantId}, ${refuelId}, m.id, v.quantity::numeric,
           coalesce(v.unit_price::numeric, m.reference_price, 0),
           round(v.quantity::numeric * coalesce(v.unit_price::numeric, m.reference_price, 0), 2),
           v.batch_no, v.expiry_date::date, v.sort, ${caller.userId}, ${caller.userId}
    from (values ${sql.join(
      input.items.map(
        (item, sort) =>
          sql`(${nextId()}::bigint, ${item.materialCodeId}::bigint, ${item.quantity}, ${item.unitPrice ?? null},
               ${item.batchNo ?? null}, ${item.expiryDate ?? null}, ${sort}::int)`,
      ),
    )}) as v (id, material_code_id, quantity, unit_price, batch_no, expiry_date, sort)
    join wh_material_code m on m.id = v.material_code_id and m.tenant_id = ${caller.tenantId}
    order by v.sort
    returning material_code_id as "materialCodeId", quantity, unit_price as "unitPrice"`.execute(trx);
  await sql`
    update wh_refuel r set total_quantity = t.quantity, total_amount = t.amount
    from (select coalesce(sum(quantity), 0) as quantity, coalesce(sum(amount), 0) as amount
          from wh_refuel_item where tenant_id = ${caller.tenantId} and refuel_id = ${refuelId}) t
    where r.id = ${refuelId}`.execute(trx);
  await postMovements(
    trx,
    caller,
    items.rows.map((item) => ({
      deviceId: input.deviceId,
      materialCodeId: item.materialCodeId,
      kind: 'in',
      quantity: item.quantity,
      pricing: { kind: 'price', unitPrice: item.unitPrice },
      sourceType: 'refuel',
      sourceId: refuelId,
      remark: refuelNo,
      at: refuelTime,
      providerId: input.providerId ?? null,
    })),
  );
  return refuelId;
}

/** A posted refuel keeps its lines, device and time: only the provider and the remark change. */
export async function updateRefuel(trx: AnyTrx, caller: Caller, id: string, body: Row, values: Row): Promise<void> {
  const existing = await refuels.find(trx, caller, id);
  if (!existing) throw notFound();
  if (body.items !== undefined || changed(body.deviceId, existing.deviceId) || movedTime(body.refuelTime, existing)) {
    throw badRequest(m['warehouse.refuel.posted']);
  }
  await requireRef(trx, caller.tenantId, 'provider', values.providerId);
  if (values.providerId !== undefined) await moveRefuelProvider(trx, caller.tenantId, id, values.providerId);
  await refuels.update(trx, caller, id, values);
}

const changed = (sent: unknown, stored: unknown) => sent !== undefined && String(sent) !== String(stored);
const movedTime = (sent: unknown, existing: Row) =>
  sent !== undefined &&
  sent !== null &&
  new Date(String(sent)).getTime() !== new Date(String(existing.refuelTime)).getTime();

/** Cancels refuels (all or none): their goods are taken back out by counter-movements. */
export async function cancelRefuels(trx: AnyTrx, caller: Caller, ids: string[]): Promise<void> {
  for (const id of ids) {
    const refuel = await refuels.find(trx, caller, id);
    if (!refuel) throw notFound('error.notFound.records', { ids: id });
    if (refuel.status === 2) throw badRequest(m['warehouse.refuel.cancelled'], { no: refuel.refuelNo });
    await reverseSource(trx, caller, 'refuel', id, String(refuel.refuelNo));
    await refuels.update(trx, caller, id, { status: 2 });
  }
}

/** The item lines of a refuel. */
export async function refuelItems(trx: AnyTrx, caller: Caller, refuelId: string): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select i.id, i.material_code_id as "materialCodeId", m.code as "materialCode", m.name as "materialName",
           m.unit, i.quantity, i.unit_price as "unitPrice", i.amount, i.batch_no as "batchNo",
           to_char(i.expiry_date, 'YYYY-MM-DD') as "expiryDate", i.sort
    from wh_refuel_item i join wh_material_code m on m.id = i.material_code_id
    where i.tenant_id = ${caller.tenantId} and i.refuel_id = ${refuelId} and i.is_deleted = 0
    order by i.sort, i.id`.execute(trx);
  return rows;
}
