import { sql } from 'kysely';
import { translate } from '../../../platform/i18n/i18n.ts';
import { unitNames, withNames } from '../names.ts';
import { flowsOf } from './flows.ts';
import { reportMessages as m } from './messages.ts';
import type { InventoryDetailQuery, InventoryMateriasQuery, PriceCountQuery } from './schema.ts';
import { period } from './schema.ts';
import { allOf, filterConditions, type TabularReport } from './tabular.ts';

// Separates the parts of a composite sort key; codes never hold it.
const SEP = '\u0001';

/** `report/inventoryDetail`: one row per device and material with its stock, value and state. */
export const inventoryDetail: TabularReport<InventoryDetailQuery> = {
  sheet: 'inventory detail',
  columns: [
    ['deviceCode', 14],
    ['deviceName', 20],
    ['materialCode', 16],
    ['materialName', 24],
    ['materialTypeName', 16],
    ['specification', 16],
    ['unitName', 8],
    ['quantity', 12, 'number'],
    ['averagePrice', 12, 'number'],
    ['amount', 14, 'number'],
    ['safetyStock', 12, 'number'],
    ['state', 14, { labels: 'warehouse.report.state.' }],
  ],
  rows: (tenantId, q) => sql`
    select v.device_id as "deviceId", v.device_code as "deviceCode", v.device_name as "deviceName",
           v.material_code_id as "materialCodeId", v.material_code as "materialCode",
           v.material_name as "materialName", v.material_type_id as "materialTypeId", t.name as "materialTypeName",
           v.specification, v.unit, v.quantity, v.average_price as "averagePrice", v.amount,
           v.safety_stock as "safetyStock", v.state, v.device_code || ${SEP} || v.material_code as sort_key
    from wh_stock_view v left join wh_material_type t on t.id = v.material_type_id and t.tenant_id = v.tenant_id
    where v.tenant_id = ${tenantId} and v.is_deleted = 0
      and ${allOf([
        ...filterConditions(tenantId, q, {
          device: 'v.device_id',
          type: 'v.material_type_id',
          material: 'v.material_code_id',
          code: 'v.material_code',
          name: 'v.material_name',
        }),
        ...(q.state ? [sql`v.state = ${q.state}`] : []),
      ])}`,
  decorate: (trx, tenantId, rows) => withNames(trx, tenantId, rows, [unitNames]),
};

/** `report/inventoryMaterias`: one row per material, its stock summed over the devices chosen. */
export const inventoryMaterias: TabularReport<InventoryMateriasQuery> = {
  sheet: 'inventory by material',
  columns: [
    ['materialCode', 16],
    ['materialName', 24],
    ['materialTypeName', 16],
    ['specification', 16],
    ['unitName', 8],
    ['quantity', 12, 'number'],
    ['averagePrice', 12, 'number'],
    ['amount', 14, 'number'],
    ['safetyStock', 12, 'number'],
    ['deviceCount', 10, 'number'],
  ],
  rows: (tenantId, q) => sql`
    select m.id as "materialCodeId", m.code as "materialCode", m.name as "materialName",
           m.type_id as "materialTypeId", t.name as "materialTypeName", m.specification, m.unit,
           sum(b.quantity) as quantity, sum(b.amount) as amount,
           case when sum(b.quantity) > 0 then round(sum(b.amount) / sum(b.quantity), 4) else 0 end as "averagePrice",
           m.safety_stock as "safetyStock", (count(*) filter (where b.quantity > 0))::int as "deviceCount",
           m.code as sort_key
    from wh_stock_balance b
    join wh_material_code m on m.id = b.material_code_id and m.tenant_id = b.tenant_id
    left join wh_material_type t on t.id = m.type_id and t.tenant_id = m.tenant_id
    where b.tenant_id = ${tenantId} and m.is_deleted = 0
      and ${allOf(
        filterConditions(tenantId, q, {
          device: 'b.device_id',
          type: 'm.type_id',
          material: 'm.id',
          code: 'm.code',
          name: 'm.name',
        }),
      )}
    group by m.id, m.code, m.name, m.type_id, t.name, m.specification, m.unit, m.safety_stock`,
  decorate: (trx, tenantId, rows) => withNames(trx, tenantId, rows, [unitNames]),
};

// Inbound is the refuels' `in` movements, outbound the deliveries' `out`, each net of its
// cancellations (counter-movements of the same kind); stocktakes are neither.
const GROUPS = {
  material: { id: sql`m.id`, code: sql`m.code`, name: sql`m.name`, join: sql`` },
  type: {
    id: sql`t.id`,
    code: sql`t.code`,
    name: sql`t.name`,
    join: sql`left join wh_material_type t on t.id = m.type_id and t.tenant_id = m.tenant_id`,
  },
  // Goods in come from the refuel's provider; goods out are put to the material's default provider.
  provider: {
    id: sql`p.id`,
    code: sql`p.code`,
    name: sql`p.name`,
    // the outbound of materials without a default provider: a row of its own, named as such
    none: 'warehouse.report.noProvider',
    join: sql`left join wh_provider p on p.tenant_id = m.tenant_id
                and p.id = case when s.source_type = 'refuel' then s.provider_id else m.default_provider_id end`,
  },
} as const;

/**
 * `report/MaterialsPriceCount`: per material, type or provider, the inbound and outbound of a
 * period, from the ledger's summaries (by their documents' time).
 */
export const materialsPriceCount: TabularReport<PriceCountQuery> = {
  sheet: 'inbound and outbound',
  columns: [
    ['groupCode', 16],
    ['groupName', 24],
    ['inQuantity', 14, 'number'],
    ['inAmount', 14, 'number'],
    ['outQuantity', 14, 'number'],
    ['outAmount', 14, 'number'],
  ],
  rows: (tenantId, q, locale) => {
    const g = GROUPS[q.groupBy];
    const { start, end } = period(q);
    const none = 'none' in g ? translate(locale, m[g.none]) : null;
    return sql`
      select ${g.id} as "groupId", ${g.code} as "groupCode", coalesce(${g.name}, ${none}) as "groupName",
             coalesce(sum(s.quantity) filter (where s.kind = 'in'), 0) as "inQuantity",
             coalesce(sum(s.amount) filter (where s.kind = 'in'), 0) as "inAmount",
             coalesce(-sum(s.quantity) filter (where s.kind = 'out'), 0) as "outQuantity",
             coalesce(-sum(s.amount) filter (where s.kind = 'out'), 0) as "outAmount",
             coalesce(${g.code}, '') as sort_key
      from ${flowsOf(tenantId, { start, end }, q.deviceId ? 'stock' : 'material')} s
      join wh_material_code m on m.id = s.material_code_id and m.tenant_id = ${tenantId}
      ${g.join}
      where s.kind in ('in', 'out') and s.source_type in ('refuel', 'delivery')
        and ${allOf([
          ...filterConditions(tenantId, q, {
            device: 's.device_id',
            type: 'm.type_id',
            material: 'm.id',
            code: 'm.code',
            name: 'm.name',
          }),
        ])}
      group by ${g.id}, ${g.code}, ${g.name}`;
  },
};
