import { sql } from 'kysely';
import { badRequest } from '../../platform/http/errors.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { bizDictLabels } from '../system/dict/service.ts';
import { warehouseMessages as m } from './messages.ts';

// The records an input names must be live rows of the caller's tenant; another tenant's id reads
// as unknown, the same answer as an id that never existed.

export interface DeviceRef {
  id: string;
  code: string;
  name: string;
  status: number;
}

export interface MaterialRef {
  id: string;
  code: string;
  name: string;
  typeId: string;
  status: number;
  referencePrice: string | null;
}

async function liveRows<T>(trx: AnyTrx, table: string, tenantId: string, ids: string[], columns: string) {
  if (ids.length === 0) return new Map<string, T>();
  const { rows } = await sql<T & { id: string }>`
    select ${sql.raw(columns)} from ${sql.table(table)}
    where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(ids)})`.execute(trx);
  return new Map(rows.map((r) => [String(r.id), r as T]));
}

function firstMissing(ids: readonly string[], found: Map<string, unknown>): string | undefined {
  return ids.find((id) => !found.has(id));
}

/** A device of the tenant; `usable` also refuses a disabled one (stock cannot move there). */
export async function requireDevice(trx: AnyTrx, tenantId: string, id: string, usable = true): Promise<DeviceRef> {
  const found = await liveRows<DeviceRef>(trx, 'wh_device', tenantId, [id], 'id, code, name, status');
  const device = found.get(id);
  if (!device) throw badRequest(m['warehouse.device.unknown'], { id });
  if (usable && device.status !== 1) throw badRequest(m['warehouse.device.disabled'], { name: device.name });
  return device;
}

/** Materials of the tenant by id, all of them or an error naming the first unknown (or disabled) one. */
export async function requireMaterials(
  trx: AnyTrx,
  tenantId: string,
  ids: readonly string[],
  usable = true,
): Promise<Map<string, MaterialRef>> {
  const unique = [...new Set(ids)];
  const found = await liveRows<MaterialRef>(
    trx,
    'wh_material_code',
    tenantId,
    unique,
    'id, code, name, type_id as "typeId", status, reference_price as "referencePrice"',
  );
  const missing = firstMissing(unique, found);
  if (missing) throw badRequest(m['warehouse.material.unknown'], { id: missing });
  const disabled = usable ? [...found.values()].find((r) => r.status !== 1) : undefined;
  if (disabled) throw badRequest(m['warehouse.material.disabled'], { name: disabled.name });
  return found;
}

const SIMPLE = {
  provider: ['wh_provider', m['warehouse.provider.unknown']],
  person: ['wh_face_image', m['warehouse.person.unknown']],
  materialType: ['wh_material_type', m['warehouse.materialType.unknown']],
  device: ['wh_device', m['warehouse.device.unknown']],
  material: ['wh_material_code', m['warehouse.material.unknown']],
  // Users and depts are the system's, per tenant as well: a document never names another tenant's.
  user: ['blade_user', m['warehouse.user.unknown']],
  dept: ['blade_dept', m['warehouse.dept.unknown']],
} as const;

/** That an optional reference (provider, person, type, user, dept...) names a live row of the tenant, when given. */
export async function requireRef(trx: AnyTrx, tenantId: string, kind: keyof typeof SIMPLE, id: unknown): Promise<void> {
  if (id === undefined || id === null || id === '' || id === '0') return;
  const [table, message] = SIMPLE[kind];
  const found = await liveRows(trx, table, tenantId, [String(id)], 'id');
  if (!found.size) throw badRequest(message, { id: String(id) });
}

/** That a value is an entry of one of the tenant's business dictionaries (units, device types...). */
export async function requireDictKey(trx: AnyTrx, tenantId: string, code: string, value: unknown): Promise<void> {
  if (value === undefined || value === null || value === '') return;
  if (!(await bizDictLabels(trx, tenantId, code)).has(String(value))) {
    throw badRequest(m['warehouse.dict.unknown'], { code, value: String(value) });
  }
}
