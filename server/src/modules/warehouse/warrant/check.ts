import { sql } from 'kysely';
import { badRequest } from '../../../platform/http/errors.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { plainNumber } from '../inputs.ts';
import { warehouseMessages as w } from '../messages.ts';
import { tableNames } from '../names.ts';
import { warrantMessages as m } from './messages.ts';
import { loadWarrantState, milli } from './state.ts';

export interface WarrantRequest {
  personId: string;
  deviceId: string;
  items: readonly { materialCodeId: string; quantity: string }[];
  /** When the outbound happens: validity, and the day and month its limits count. */
  at: Date;
}

/** Locks the person's row (their outbounds queue on it) and answers their name. */
export async function lockPerson(trx: AnyTrx, tenantId: string, personId: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select name from wh_face_image where tenant_id = ${tenantId} and id = ${personId} and is_deleted = 0
    for update`.execute(trx);
  if (!rows[0]) throw badRequest(w['warehouse.person.unknown'], { id: personId });
  return rows[0].name;
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
  const person = await lockPerson(trx, tenantId, request.personId);
  const materialIds = request.items.map((i) => i.materialCodeId);
  const state = await loadWarrantState(trx, tenantId, { ...request, deviceIds: [request.deviceId], materialIds });
  const names = await tableNames('wh_material_code')(trx, tenantId, materialIds);

  // What this request has already put on each warrant, line by line, in thousandths (exact sums).
  const claimed = new Map<string, number>();
  for (const item of request.items) {
    const material = names.get(item.materialCodeId) ?? item.materialCodeId;
    const scoped = state.warrants.filter((x) => state.covers(x, request.deviceId, item.materialCodeId));
    if (!scoped.length) throw badRequest(m['warehouse.warrant.none'], { person, material });
    const enabled = scoped.filter((x) => x.enabled === 1);
    if (!enabled.length) throw badRequest(m['warehouse.warrant.disabled'], { person, material });
    const usable = enabled.filter(state.valid);
    if (!usable.length) throw badRequest(m['warehouse.warrant.notValid'], { person, material });

    let refusal: { key: string; limit: string; used: number } | undefined;
    const fits = usable.find((warrant) => {
      const used = state.used(warrant);
      const wanted = (claimed.get(warrant.id) ?? 0) + milli(item.quantity);
      if (warrant.maxPerDay !== null && used.day + wanted > milli(warrant.maxPerDay)) {
        refusal ??= { key: m['warehouse.warrant.dayLimit'], limit: warrant.maxPerDay, used: used.day };
        return false;
      }
      if (warrant.maxPerMonth !== null && used.month + wanted > milli(warrant.maxPerMonth)) {
        refusal ??= { key: m['warehouse.warrant.monthLimit'], limit: warrant.maxPerMonth, used: used.month };
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
