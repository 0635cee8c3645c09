import { sql } from 'kysely';
import { translate } from '../../../platform/i18n/i18n.ts';
import { unitNames, withNames } from '../names.ts';
import { inSubtree } from '../subtree.ts';
import { materialFlows } from './flows.ts';
import { reportMessages as m } from './messages.ts';
import type { InventoryDetailQuery, InventoryMateriasQuery, PriceCountQuery } from './schema.ts';
import { period } from './schema.ts';
import { allOf, filterConditions, type TabularReport } from './tabular.ts';

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
    select v.id, v.device_id as "deviceId", v.device_code as "deviceCode", v.device_name as "deviceName",
           v.material_code_id as "materialCodeId", v.material_code as "materialCode",
           v.material_name as "materialName", v.material_type_id as "materialTypeId", t.name as "materialTypeName",
           v.specification, v.unit, v.quantity, v.average_price as "averagePrice", v.amount,
           v.safety_stock as "safetyStock", v.state
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
  // the stock list's order, which its index holds (migration 0016)
  order: [
    ['deviceCode', 'asc'],
    ['materialCode', 'asc'],
    ['id', 'desc'],
  ],
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
  // Materials in code order (their index), each summed over its balances where it has any: a page
  // sums only its own materials, and a count or a page's keys never sum at all (the left join of an
  // aggregate is dropped from a query that reads nothing of it).
  rows: (tenantId, q) => {
    const devices = (b: string) =>
      q.deviceId ? inSubtree('wh_device', tenantId, q.deviceId, `${b}.device_id`) : sql`true`;
    return sql`
    select m.id as "materialCodeId", m.code as "materialCode", m.name as "materialName",
           m.type_id as "materialTypeId", t.name as "materialTypeName", m.specification, m.unit,
           s.quantity, s.amount,
           case when s.quantity > 0 then round(s.amount / s.quantity, 4) else 0 end as "averagePrice",
           m.safety_stock as "safetyStock", s.device_count as "deviceCount"
    from wh_material_code m
    left join wh_material_type t on t.id = m.type_id and t.tenant_id = m.tenant_id
    left join lateral (
      select sum(b.quantity) as quantity, sum(b.amount) as amount,
             (count(*) filter (where b.quantity > 0))::int as device_count
      from wh_stock_balance b
      where b.tenant_id = m.tenant_id and b.material_code_id = m.id and ${devices('b')}
    ) s on true
    where m.tenant_id = ${tenantId} and m.is_deleted = 0
      and exists (select 1 from wh_stock_balance e
                  where e.tenant_id = m.tenant_id and e.material_code_id = m.id and ${devices('e')})
      and ${allOf(
        filterConditions(tenantId, q, { type: 'm.type_id', material: 'm.id', code: 'm.code', name: 'm.name' }),
      )}`;
  },
  order: [
    ['materialCode', 'asc'],
    ['materialCodeId', 'desc'],
  ],
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
                and p.id = coalesce(s.provider_id, m.default_provider_id)`,
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
    const none = 'none' in g ? translate(locale, m[g.none]) : null;
    const devices = q.deviceId ? inSubtree('wh_device', tenantId, q.deviceId, 'device_id') : undefined;
    const chosen = filterConditions(tenantId, q, {
      type: 'm.type_id',
      material: 'm.id',
      code: 'm.code',
      name: 'm.name',
    });
    const materials = chosen.length
      ? sql`select m.id from wh_material_code m where m.tenant_id = ${tenantId} and ${allOf(chosen)}`
      : undefined;
    // the flows come a row per material: only types and providers sum them again
    const byMaterial = q.groupBy === 'material';
    const total = (column: string) => (byMaterial ? sql.ref(`s.${column}`) : sql`sum(${sql.ref(`s.${column}`)})`);
    return sql`
      select coalesce(${g.id}, 0) as "groupId", ${g.code} as "groupCode", coalesce(${g.name}, ${none}) as "groupName",
             ${total('in_quantity')} as "inQuantity", ${total('in_amount')} as "inAmount",
             ${total('out_quantity')} as "outQuantity", ${total('out_amount')} as "outAmount"
      from ${materialFlows(tenantId, period(q), { devices, materials, byProvider: q.groupBy === 'provider' })} s
      join wh_material_code m on m.id = s.material_code_id and m.tenant_id = ${tenantId}
      ${g.join}
      ${byMaterial ? sql`` : sql`group by ${g.id}, ${g.code}, ${g.name}`}`;
  },
  // "0": the row of what has no group (the outbound of materials without a provider)
  summed: true,
  order: [
    ['groupCode', 'asc'],
    ['groupId', 'desc'],
  ],
};
