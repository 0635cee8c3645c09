import { sql } from 'kysely';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

export interface Warrant {
  id: string;
  deviceId: string | null;
  materialTypeId: string | null;
  materialCodeId: string | null;
  maxPerDay: string | null;
  maxPerMonth: string | null;
  validFrom: Date | null;
  validTo: Date | null;
  enabled: number;
}

interface Taken {
  deviceId: string;
  materialCodeId: string;
  quantity: string;
  applyTime: Date;
}

/** A person's warrants at a moment, and what they have taken against each (in thousandths). */
export interface WarrantState {
  warrants: Warrant[];
  /** Whether a warrant covers a material at a device (its device subtree, its material or type subtree). */
  covers(warrant: Warrant, deviceId: string, materialCodeId: string): boolean;
  valid(warrant: Warrant): boolean;
  /** Thousandths taken in the warrant's scope today and this month (completed deliveries). */
  used(warrant: Warrant): { day: number; month: number };
}

/**
 * Loads a person's warrants and this month's completed deliveries up to `at`, and the trees above
 * the devices and materials asked about, so that coverage and use are answered without more queries.
 */
export async function loadWarrantState(
  trx: AnyTrx,
  tenantId: string,
  request: { personId: string; at: Date; deviceIds: readonly string[]; materialIds: readonly string[] },
): Promise<WarrantState> {
  const { personId, at } = request;
  const monthStart = new Date(at.getFullYear(), at.getMonth(), 1);
  const dayStart = new Date(at.getFullYear(), at.getMonth(), at.getDate());
  const { rows: warrants } = await sql<Warrant>`
    select id, device_id as "deviceId", material_type_id as "materialTypeId", material_code_id as "materialCodeId",
           max_per_day as "maxPerDay", max_per_month as "maxPerMonth", valid_from as "validFrom",
           valid_to as "validTo", enabled
    from wh_warrant where tenant_id = ${tenantId} and person_id = ${personId} and is_deleted = 0
    order by material_code_id is null, device_id is null, id`.execute(trx);
  const { rows: taken } = await sql<Taken>`
    select d.device_id as "deviceId", i.material_code_id as "materialCodeId", i.quantity, d.apply_time as "applyTime"
    from wh_delivery d join wh_delivery_item i on i.delivery_id = d.id and i.is_deleted = 0
    where d.tenant_id = ${tenantId} and d.person_id = ${personId} and d.status = 1 and d.is_deleted = 0
      and d.apply_time >= ${monthStart} and d.apply_time <= ${at}`.execute(trx);

  const typesAbove = await ancestors(trx, tenantId, 'material', [
    ...request.materialIds,
    ...taken.map((t) => t.materialCodeId),
  ]);
  const devicesAbove = await ancestors(trx, tenantId, 'device', [
    ...request.deviceIds,
    ...taken.map((t) => t.deviceId),
  ]);
  const covers = (warrant: Warrant, deviceId: string, materialCodeId: string) =>
    (!warrant.deviceId || (devicesAbove.get(String(deviceId))?.has(warrant.deviceId) ?? false)) &&
    (warrant.materialCodeId
      ? warrant.materialCodeId === materialCodeId
      : !!warrant.materialTypeId && (typesAbove.get(String(materialCodeId))?.has(warrant.materialTypeId) ?? false));
  return {
    warrants,
    covers,
    valid: (warrant) => (!warrant.validFrom || warrant.validFrom <= at) && (!warrant.validTo || warrant.validTo >= at),
    used(warrant) {
      const inScope = taken.filter((t) => covers(warrant, t.deviceId, t.materialCodeId));
      const sum = (rows: Taken[]) => rows.reduce((total, t) => total + milli(t.quantity), 0);
      return { month: sum(inScope), day: sum(inScope.filter((t) => t.applyTime >= dayStart)) };
    },
  };
}

/** A decimal quantity in thousandths, so sums are exact. */
export const milli = (value: string) => Math.round(Number(value) * 1000);

/**
 * For each material, its type and every type above it; for each device, itself and every device
 * above it (one recursive query each).
 */
async function ancestors(
  trx: AnyTrx,
  tenantId: string,
  kind: 'material' | 'device',
  ids: string[],
): Promise<Map<string, Set<string>>> {
  const unique = [...new Set(ids.map(String))];
  if (!unique.length) return new Map();
  const start =
    kind === 'material'
      ? sql`select id as start, type_id as node from wh_material_code where tenant_id = ${tenantId} and id in (${sql.join(unique)})`
      : sql`select id as start, id as node from wh_device where tenant_id = ${tenantId} and id in (${sql.join(unique)})`;
  const tree = sql.table(kind === 'material' ? 'wh_material_type' : 'wh_device');
  const { rows } = await sql<{ start: string; node: string }>`
    with recursive up (start, node, depth) as (
      select start, node, 0 from (${start}) s
      union all
      select up.start, t.parent_id, up.depth + 1 from up join ${tree} t on t.id = up.node
      where t.parent_id <> 0 and up.depth < 50
    )
    select start, node from up`.execute(trx);
  const result = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = result.get(String(row.start)) ?? new Set<string>();
    set.add(String(row.node));
    result.set(String(row.start), set);
  }
  return result;
}
