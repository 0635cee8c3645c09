import { sql } from 'kysely';
import type { Row } from '../../../platform/crud/repository.ts';
import type { VersionedResults } from '../../../platform/db/versioned-results.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { localDate } from '../stock/flows.ts';
import { inSubtree } from '../subtree.ts';
import { flowsOf, materialFlows } from './flows.ts';
import { keptAnswers } from './kept.ts';

// What the home page and the report charts show, each one query in the database, the inbound and
// outbound from the ledger's summaries (`flows.ts`): a movement counts at its document's time (a
// refuel entered today for last week counts in last week). Days and months are the server's local
// ones, as the document numbers' are.

const startOfDay = (at: Date) => new Date(at.getFullYear(), at.getMonth(), at.getDate());
const deviceCondition = (tenantId: string, column: string, deviceId?: string) =>
  deviceId ? inSubtree('wh_device', tenantId, deviceId, column) : sql`true`;

/**
 * The tenant's key figures: stock value, stocks below their safety stock and out of stock,
 * today's inbound and outbound (quantity, value, documents), untreated notices.
 */
export async function keyFigures(trx: AnyTrx, tenantId: string, now = new Date()): Promise<Row> {
  const today = startOfDay(now);
  // the stock's figures in one pass over the balances, today's flows from the devices' day rows
  const { rows } = await sql<Row>`
    with stock as (
      select coalesce(sum(b.amount), 0) as value, count(*) filter (where b.quantity = 0)::int as out,
             count(*) filter (where b.quantity < coalesce(m.safety_stock, 0))::int as low
      from wh_stock_balance b join wh_material_code m on m.id = b.material_code_id and m.tenant_id = b.tenant_id
      where b.tenant_id = ${tenantId} and b.is_deleted = 0
    )
    select
      (select value from stock) as "stockValue",
      (select low from stock) as "belowSafetyStock",
      (select out from stock) as "outOfStock",
      (select count(*)::int from wh_refuel where tenant_id = ${tenantId} and status = 1 and is_deleted = 0
        and refuel_time >= ${today}) as "todayRefuels",
      (select count(*)::int from wh_delivery where tenant_id = ${tenantId} and status = 1 and is_deleted = 0
        and apply_time >= ${today}) as "todayDeliveries",
      coalesce(sum(s.quantity) filter (where s.kind = 'in'), 0) as "todayInQuantity",
      coalesce(sum(s.amount) filter (where s.kind = 'in'), 0) as "todayInAmount",
      coalesce(-sum(s.quantity) filter (where s.kind = 'out'), 0) as "todayOutQuantity",
      coalesce(-sum(s.amount) filter (where s.kind = 'out'), 0) as "todayOutAmount",
      (select count(*)::int from wh_notice where tenant_id = ${tenantId} and treated = 0 and is_deleted = 0)
        as "untreatedNotices"
    from ${flowsOf(tenantId, { start: today }, 'device')} s`.execute(trx);
  return rows[0]!;
}

/** `keyFigures` kept until the tenant's warehouse changes or the day does (the home page and the dashboard). */
export function keptKeyFigures(
  results: VersionedResults,
  trx: AnyTrx,
  tenantId: string,
  version?: string,
): Promise<Row> {
  return keptAnswers(results, trx, tenantId, version)(['keyFigures'], () => keyFigures(trx, tenantId));
}

/** Stock value and quantity by material type: the types under `parentId` (0: the top), each with its subtree. */
export async function valueByType(trx: AnyTrx, tenantId: string, parentId = '0', deviceId?: string): Promise<Row[]> {
  const { rows } = await sql<Row>`
    with recursive tree (id, top) as (
      select id, id from wh_material_type where tenant_id = ${tenantId} and parent_id = ${parentId} and is_deleted = 0
      union all
      select c.id, tree.top from wh_material_type c join tree on c.parent_id = tree.id
      where c.tenant_id = ${tenantId} and c.is_deleted = 0
    ),
    stock as (
      select m.type_id, sum(b.amount) as amount, sum(b.quantity) as quantity
      from wh_stock_balance b join wh_material_code m on m.id = b.material_code_id and m.tenant_id = b.tenant_id
      where b.tenant_id = ${tenantId} and ${deviceCondition(tenantId, 'b.device_id', deviceId)}
      group by m.type_id
    )
    select t.id as "typeId", t.code as "typeCode", t.name as "typeName",
           coalesce(sum(stock.amount), 0) as amount, coalesce(sum(stock.quantity), 0) as quantity
    from wh_material_type t join tree on tree.top = t.id left join stock on stock.type_id = tree.id
    where t.tenant_id = ${tenantId}
    group by t.id, t.code, t.name
    order by amount desc, t.code`.execute(trx);
  return rows;
}

/** Inbound and outbound per month, the last `months` months up to this one, empty months included. */
export async function monthlyFlow(trx: AnyTrx, tenantId: string, months: number, now = new Date()): Promise<Row[]> {
  const first = new Date(now.getFullYear(), now.getMonth() - (months - 1), 1);
  const list = Array.from({ length: months }, (_, i) => {
    const start = new Date(first.getFullYear(), first.getMonth() + i, 1);
    return sql`(${localDate(start).slice(0, 7)}, ${localDate(start)}::date)`;
  });
  // whole months: the month rows of the devices' totals
  const { rows } = await sql<Row>`
    select m.label as month,
           coalesce(sum(s.quantity) filter (where s.kind = 'in'), 0) as "inQuantity",
           coalesce(sum(s.amount) filter (where s.kind = 'in'), 0) as "inAmount",
           coalesce(-sum(s.quantity) filter (where s.kind = 'out'), 0) as "outQuantity",
           coalesce(-sum(s.amount) filter (where s.kind = 'out'), 0) as "outAmount"
    from (values ${sql.join(list)}) m (label, start)
    left join wh_stock_flow s on s.tenant_id = ${tenantId} and s.span = 'm' and s.start = m.start
      and s.material_code_id = 0 and s.device_id <> 0 and s.kind in ('in', 'out')
    group by m.label order by m.label`.execute(trx);
  return rows;
}

/** The materials most taken out in a period (net of cancellations), by quantity. */
export async function topConsumed(
  trx: AnyTrx,
  tenantId: string,
  options: { start?: Date; end?: Date; limit: number; deviceId?: string },
): Promise<Row[]> {
  const devices = options.deviceId ? deviceCondition(tenantId, 'device_id', options.deviceId) : undefined;
  const { rows } = await sql<Row>`
    select m.id as "materialCodeId", m.code as "materialCode", m.name as "materialName", m.unit,
           s.out_quantity as quantity, s.out_amount as amount
    from ${materialFlows(tenantId, options, { devices })} s
    join wh_material_code m on m.id = s.material_code_id and m.tenant_id = ${tenantId}
    where s.out_quantity > 0
    order by quantity desc, m.code
    limit ${options.limit}`.execute(trx);
  return rows;
}
