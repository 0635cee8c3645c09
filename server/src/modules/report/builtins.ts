import { type RawBuilder, sql } from 'kysely';
import { parseDate } from '../../platform/http/dates.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { materialFlows } from '../warehouse/report/flows.ts';
import type { DataRow, FieldType } from './render.ts';

/** A dataset the server defines: fixed SQL over the warehouse tables, run in the caller's tenant transaction. */
export interface Builtin {
  key: string;
  fields: { name: string; type: FieldType }[];
  /** Names of the report parameters it reads (dates `from` and `to`: a period). */
  params: readonly ('from' | 'to')[];
  /**
   * Its rows are kept until the tenant's warehouse data changes (as the warehouse's reports are,
   * `keptAnswers`): for a summary of a few rows, not for a listing of up to 10,000.
   */
  kept?: boolean;
  rows(trx: AnyTrx, tenantId: string, period: Period, limit: number): Promise<DataRow[]>;
}

/** `from` inclusive, `to` exclusive (the day after the `to` parameter); open when not given. */
export interface Period {
  from: Date | null;
  to: Date | null;
}

const DAY = 24 * 3600 * 1000;

/** The period of `from` and `to` (yyyy-MM-dd in the server's zone; `to` counts its whole day). */
export function periodOf(values: Record<string, string | undefined>): Period {
  const from = values.from ? (parseDate(values.from)?.at ?? null) : null;
  const to = values.to ? (parseDate(values.to)?.at ?? null) : null;
  return { from, to: to && new Date(to.getTime() + DAY) };
}

const NOT_BEFORE = new Date('1900-01-01T00:00:00Z');
const NOT_AFTER = new Date('9999-01-01T00:00:00Z');
const after = (p: Period) => p.from ?? NOT_BEFORE;
const before = (p: Period) => p.to ?? NOT_AFTER;
const fetch = async (trx: AnyTrx, query: RawBuilder<DataRow>) => (await query.execute(trx)).rows;

const stockValueByType: Builtin = {
  key: 'stock_value_by_type',
  fields: [
    { name: 'type', type: 'text' },
    { name: 'materials', type: 'number' },
    { name: 'quantity', type: 'number' },
    { name: 'value', type: 'number' },
    { name: 'moved_in', type: 'number' },
    { name: 'moved_out', type: 'number' },
  ],
  params: ['from', 'to'],
  kept: true,
  // Read from the ledger's summaries, never the ledger (issue 17): the stock and its value now (the
  // balances), and what came in (refuels) and went out (deliveries) within the period (the flows).
  rows: (trx, tenantId, p, limit) =>
    fetch(
      trx,
      sql`
      select t.name as type, count(m.id) as materials, coalesce(sum(b.quantity), 0) as quantity,
        coalesce(sum(b.amount), 0) as value, coalesce(sum(f.in_quantity), 0) as moved_in,
        coalesce(sum(f.out_quantity), 0) as moved_out
      from wh_material_type t
      join wh_material_code m on m.tenant_id = t.tenant_id and m.type_id = t.id and m.is_deleted = 0
      left join (
        select material_code_id, sum(quantity) as quantity, sum(amount) as amount
        from wh_stock_balance where tenant_id = ${tenantId} group by material_code_id
      ) b on b.material_code_id = m.id
      left join ${materialFlows(tenantId, { start: p.from ?? undefined, end: p.to ?? undefined })} f
        on f.material_code_id = m.id
      where t.tenant_id = ${tenantId} and t.is_deleted = 0
      group by t.id, t.name, t.sort order by t.sort, t.name limit ${limit}`,
    ),
};

const materials: Builtin = {
  key: 'materials',
  fields: [
    { name: 'code', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'type', type: 'text' },
    { name: 'unit', type: 'text' },
    { name: 'reference_price', type: 'number' },
    { name: 'stock', type: 'number' },
  ],
  params: [],
  rows: (trx, tenantId, _p, limit) =>
    fetch(
      trx,
      sql`
      select m.code, m.name, t.name as type, coalesce(u.dict_value, m.unit) as unit,
        m.reference_price, coalesce((select sum(b.quantity) from wh_stock_balance b
          where b.tenant_id = m.tenant_id and b.material_code_id = m.id), 0) as stock
      from wh_material_code m
      left join wh_material_type t on t.tenant_id = m.tenant_id and t.id = m.type_id
      left join blade_dict_biz u on u.tenant_id = m.tenant_id and u.code = 'material_unit'
        and u.parent_id <> 0 and u.is_deleted = 0 and u.dict_key = m.unit
      where m.tenant_id = ${tenantId} and m.is_deleted = 0 order by m.code limit ${limit}`,
    ),
};

const movements: Builtin = {
  key: 'movements',
  fields: [
    { name: 'time', type: 'date' },
    { name: 'kind', type: 'text' },
    { name: 'material', type: 'text' },
    { name: 'quantity', type: 'number' },
    { name: 'amount', type: 'number' },
    { name: 'document', type: 'text' },
  ],
  params: ['from', 'to'],
  rows: (trx, tenantId, p, limit) =>
    fetch(
      trx,
      sql`
      select v.movement_time as time, v.kind, m.name as material, v.quantity, v.amount,
        coalesce(r.refuel_no, d.delivery_no) as document
      from wh_stock_movement v
      join wh_material_code m on m.tenant_id = v.tenant_id and m.id = v.material_code_id
      left join wh_refuel r on v.source_type = 'refuel' and r.tenant_id = v.tenant_id and r.id = v.source_id
      left join wh_delivery d on v.source_type = 'delivery' and d.tenant_id = v.tenant_id and d.id = v.source_id
      where v.tenant_id = ${tenantId} and v.movement_time >= ${after(p)} and v.movement_time < ${before(p)}
      order by v.movement_time, v.id limit ${limit}`,
    ),
};

const deliveries: Builtin = {
  key: 'deliveries',
  fields: [
    { name: 'document', type: 'text' },
    { name: 'time', type: 'date' },
    { name: 'device', type: 'text' },
    { name: 'person', type: 'text' },
    { name: 'purpose', type: 'text' },
    { name: 'quantity', type: 'number' },
    { name: 'amount', type: 'number' },
  ],
  params: ['from', 'to'],
  rows: (trx, tenantId, p, limit) =>
    fetch(
      trx,
      sql`
      select d.delivery_no as document, d.apply_time as time, v.name as device, f.name as person, d.purpose,
        d.total_quantity as quantity, d.total_amount as amount
      from wh_delivery d
      left join wh_device v on v.tenant_id = d.tenant_id and v.id = d.device_id
      left join wh_face_image f on f.tenant_id = d.tenant_id and f.id = d.person_id
      where d.tenant_id = ${tenantId} and d.is_deleted = 0 and d.apply_time >= ${after(p)}
        and d.apply_time < ${before(p)}
      order by d.apply_time, d.id limit ${limit}`,
    ),
};

/** The builtin datasets, by key (docs/report-designer.md §Datasets). */
export const BUILTINS: ReadonlyMap<string, Builtin> = new Map(
  [stockValueByType, materials, movements, deliveries].map((b) => [b.key, b]),
);
