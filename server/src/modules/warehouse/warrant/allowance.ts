import { sql } from 'kysely';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { plainNumber } from '../inputs.ts';
import { unitNames, withNames } from '../names.ts';
import { loadWarrantState, milli, type Warrant, type WarrantState } from './state.ts';

/** A material a person may take at a device now, with its stock there and what their warrants leave. */
export interface AllowedMaterial {
  materialCodeId: string;
  materialCode: string;
  materialName: string;
  unit: string | null;
  /** The unit's label in the tenant's `material_unit` dictionary. */
  unitName: string | null;
  specification: string | null;
  imageUrl: string | null;
  /** Stock at the device. */
  quantity: string;
  /** What the best warrant still allows today and this month; null: no limit. */
  remainingToday: string | null;
  remainingThisMonth: string | null;
  /** The most one outbound of this material alone may take: stock and warrant both. */
  available: string;
}

interface Stocked {
  materialCodeId: string;
  materialCode: string;
  materialName: string;
  unit: string | null;
  specification: string | null;
  imageUrl: string | null;
  quantity: string;
}

/**
 * The kiosk's list: each enabled material stocked at the device that an enabled warrant of the
 * person valid at `at` covers, with what is left of the most generous such warrant. The same rule
 * as `assertWarranted`, which still decides (a type's limit is shared by its materials).
 */
export async function kioskAllowance(
  trx: AnyTrx,
  tenantId: string,
  request: { personId: string; deviceId: string; at: Date },
): Promise<AllowedMaterial[]> {
  const { rows: stocked } = await sql<Stocked>`
    select b.material_code_id as "materialCodeId", m.code as "materialCode", m.name as "materialName", m.unit,
           m.specification, m.image_url as "imageUrl", b.quantity
    from wh_stock_balance b
    join wh_material_code m on m.id = b.material_code_id and m.tenant_id = b.tenant_id
    where b.tenant_id = ${tenantId} and b.device_id = ${request.deviceId} and m.is_deleted = 0 and m.status = 1
    order by m.code`.execute(trx);
  if (!stocked.length) return [];
  const state = await loadWarrantState(trx, tenantId, {
    ...request,
    deviceIds: [request.deviceId],
    materialIds: stocked.map((s) => s.materialCodeId),
  });
  const allowed: Omit<AllowedMaterial, 'unitName'>[] = [];
  for (const material of stocked) {
    const usable = state.warrants.filter(
      (x) => x.enabled === 1 && state.valid(x) && state.covers(x, request.deviceId, material.materialCodeId),
    );
    if (!usable.length) continue;
    const best = usable.map((warrant) => remaining(state, warrant)).reduce((a, b) => (rank(b) > rank(a) ? b : a));
    const stock = milli(material.quantity);
    allowed.push({
      ...material,
      materialCodeId: String(material.materialCodeId),
      quantity: plainNumber(material.quantity),
      remainingToday: decimal(best.day),
      remainingThisMonth: decimal(best.month),
      available: decimal(Math.min(stock, rank(best))) ?? '0',
    });
  }
  const named = await withNames(trx, tenantId, allowed, [unitNames]);
  return named.map((row) => ({ ...row, unitName: (row.unitName as string | null) ?? null }));
}

/** What a warrant leaves today and this month, in thousandths (null: no limit, never below 0). */
function remaining(state: WarrantState, warrant: Warrant): { day: number | null; month: number | null } {
  const used = state.used(warrant);
  const left = (limit: string | null, taken: number) => (limit === null ? null : Math.max(0, milli(limit) - taken));
  return { day: left(warrant.maxPerDay, used.day), month: left(warrant.maxPerMonth, used.month) };
}

const rank = (r: { day: number | null; month: number | null }) =>
  Math.min(r.day ?? Number.POSITIVE_INFINITY, r.month ?? Number.POSITIVE_INFINITY);

const decimal = (thousandths: number | null) =>
  thousandths === null ? null : plainNumber((thousandths / 1000).toFixed(3));
