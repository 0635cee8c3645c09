import { sql } from 'kysely';
import { badRequest } from '../../../platform/http/errors.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { plainNumber } from '../inputs.ts';
import { warehouseMessages as w } from '../messages.ts';
import { tableNames } from '../names.ts';
import { warrantMessages as m } from './messages.ts';

export interface WarrantRequest {
  personId: string;
  deviceId: string;
  items: readonly { materialCodeId: string; quantity: string }[];
  /** When the outbound happens: validity, and the day and month its limits count. */
  at: Date;
}

interface Warrant {
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

/**
 * That a person may take these items at this device now (the kiosk's rule; back-office outbounds
 * skip it). Each line needs an enabled warrant valid at `at` whose device is the device or one
 * above it (or none) and whose scope is the material or a type above it; its per-day and
 * per-month limits count the person's completed deliveries in its scope plus this request's lines.
 * The person's row is locked first, so two outbounds of one person at once cannot both use the
 * last of a limit. Throws the message of the first line that fails.
 */
export async function assertWarranted(trx: AnyTrx, tenantId: string, request: WarrantRequest): Promise<void> {
  const { rows: persons } = await sql<{ name: string }>`
    select name from wh_face_image where tenant_id = ${tenantId} and id = ${request.personId} and is_deleted = 0
    for update`.execute(trx);
  if (!persons[0]) throw badRequest(w['warehouse.person.unknown'], { id: request.personId });
  const person = persons[0].name;

  const monthStart = new Date(request.at.getFullYear(), request.at.getMonth(), 1);
  const dayStart = new Date(request.at.getFullYear(), request.at.getMonth(), request.at.getDate());
  const warrants = await sql<Warrant>`
    select id, device_id as "deviceId", material_type_id as "materialTypeId", material_code_id as "materialCodeId",
           max_per_day as "maxPerDay", max_per_month as "maxPerMonth", valid_from as "validFrom",
           valid_to as "validTo", enabled
    from wh_warrant where tenant_id = ${tenantId} and person_id = ${request.personId} and is_deleted = 0
    order by material_code_id is null, device_id is null, id`.execute(trx);
  const taken = await sql<Taken>`
    select d.device_id as "deviceId", i.material_code_id as "materialCodeId", i.quantity, d.apply_time as "applyTime"
    from wh_delivery d join wh_delivery_item i on i.delivery_id = d.id and i.is_deleted = 0
    where d.tenant_id = ${tenantId} and d.person_id = ${request.personId} and d.status = 1 and d.is_deleted = 0
      and d.apply_time >= ${monthStart} and d.apply_time <= ${request.at}`.execute(trx);

  const materialIds = [...request.items.map((i) => i.materialCodeId), ...taken.rows.map((t) => t.materialCodeId)];
  const deviceIds = [request.deviceId, ...taken.rows.map((t) => t.deviceId)];
  const typesAbove = await ancestors(trx, tenantId, 'material', materialIds);
  const devicesAbove = await ancestors(trx, tenantId, 'device', deviceIds);
  const names = await tableNames('wh_material_code')(
    trx,
    tenantId,
    request.items.map((i) => i.materialCodeId),
  );
  const covers = (warrant: Warrant, deviceId: string, materialCodeId: string) =>
    (!warrant.deviceId || (devicesAbove.get(deviceId)?.has(warrant.deviceId) ?? false)) &&
    (warrant.materialCodeId
      ? warrant.materialCodeId === materialCodeId
      : !!warrant.materialTypeId && (typesAbove.get(materialCodeId)?.has(warrant.materialTypeId) ?? false));
  const valid = (warrant: Warrant) =>
    (!warrant.validFrom || warrant.validFrom <= request.at) && (!warrant.validTo || warrant.validTo >= request.at);

  // What this request has already put on each warrant, line by line, in thousandths (exact sums).
  const claimed = new Map<string, number>();
  for (const item of request.items) {
    const material = names.get(item.materialCodeId) ?? item.materialCodeId;
    const scoped = warrants.rows.filter((x) => covers(x, request.deviceId, item.materialCodeId));
    if (!scoped.length) throw badRequest(m['warehouse.warrant.none'], { person, material });
    const enabled = scoped.filter((x) => x.enabled === 1);
    if (!enabled.length) throw badRequest(m['warehouse.warrant.disabled'], { person, material });
    const usable = enabled.filter(valid);
    if (!usable.length) throw badRequest(m['warehouse.warrant.notValid'], { person, material });

    let refusal: { key: string; limit: string; used: number } | undefined;
    const fits = usable.find((warrant) => {
      const inScope = taken.rows.filter((t) => covers(warrant, t.deviceId, t.materialCodeId));
      const sum = (rows: Taken[]) => rows.reduce((total, t) => total + milli(t.quantity), 0);
      const takenMonth = sum(inScope);
      const takenDay = sum(inScope.filter((t) => t.applyTime >= dayStart));
      const wanted = (claimed.get(warrant.id) ?? 0) + milli(item.quantity);
      if (warrant.maxPerDay !== null && takenDay + wanted > milli(warrant.maxPerDay)) {
        refusal ??= { key: m['warehouse.warrant.dayLimit'], limit: warrant.maxPerDay, used: takenDay };
        return false;
      }
      if (warrant.maxPerMonth !== null && takenMonth + wanted > milli(warrant.maxPerMonth)) {
        refusal ??= { key: m['warehouse.warrant.monthLimit'], limit: warrant.maxPerMonth, used: takenMonth };
        return false;
      }
      return true;
    });
    if (!fits) {
      const { key, limit, used } = refusal!;
      throw badRequest(key, { material, limit: plainNumber(limit), used: plainNumber((used / 1000).toFixed(3)) });
    }
    claimed.set(fits.id, (claimed.get(fits.id) ?? 0) + milli(item.quantity));
  }
}

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
  const unique = [...new Set(ids)];
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

const milli = (value: string) => Math.round(Number(value) * 1000);
