import { sql } from 'kysely';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { pickedBy, readCodes } from '../access.ts';
import { dictNames, withNames } from '../names.ts';
import { requireDictKey } from '../references.ts';
import { deviceMessages as m } from './messages.ts';
import { deviceInput } from './schema.ts';

/**
 * How long a kiosk may stay silent and still count as online: a paired kiosk checks in every minute
 * (and on every call), so three missed minutes mean it is off, unplugged or offline.
 */
export const KIOSK_SILENCE_MS = 3 * 60_000;

/** Online as the list shows it: marked online by its kiosk's calls, and heard from lately. */
const onlineNow = (record: Record<string, unknown>, now: number) => {
  const seen = record.lastSeen ? new Date(record.lastSeen as string | Date).getTime() : Number.NaN;
  return Number(record.online) === 1 && now - seen < KIOSK_SILENCE_MS ? 1 : 0;
};

/** Devices: a tree of sites, warehouses, cabinets, slots and kiosks; stock is held per device. */
export const deviceResource: CrudResource = {
  table: 'wh_device',
  tenantScoped: true,
  fields: {
    parentId: { column: 'parent_id', kind: 'id' },
    code: { column: 'code', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    type: { column: 'type', kind: 'text' },
    location: { column: 'location', kind: 'text' },
    serialNo: { column: 'serial_no', kind: 'text' },
    online: { column: 'online', kind: 'int' },
    lastSeen: { column: 'last_seen', kind: 'date' },
    sort: { column: 'sort', kind: 'int' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'sort', direction: 'asc' }],
  input: deviceInput,
  unique: [{ fields: ['code'], index: 'wh_device_code', message: m['warehouse.device.code.exists'] }],
  tree: { parent: 'parentId', title: 'name' },
  picker: pickedBy(['code', 'name']),
  references: {
    label: 'name',
    by: [
      { table: 'wh_refuel', column: 'device_id', what: 'refs.refuel' },
      { table: 'wh_delivery', column: 'device_id', what: 'refs.delivery' },
      { table: 'wh_warrant', column: 'device_id', what: 'refs.warrant' },
    ],
  },
  permissions: { read: readCodes('device'), add: 'device_add', edit: 'device_edit', remove: 'device_delete' },
  hooks: {
    async beforeSave(trx, caller, values) {
      await requireDictKey(trx, caller.tenantId, 'device_type', values.type);
    },
    // The ledger names the device for ever: a device that held stock is disabled, not removed.
    async beforeRemove(trx, caller, ids) {
      const { rows } = await sql<{ name: string }>`
        select d.name from wh_device d
        where d.tenant_id = ${caller.tenantId} and d.id in (${sql.join(ids)})
          and exists (select 1 from wh_stock_movement s where s.tenant_id = d.tenant_id and s.device_id = d.id)
        limit 1`.execute(trx);
      if (rows[0]) throw badRequest(m['warehouse.device.hasStock'], { name: rows[0].name });
    },
    async decorate(trx, caller, records) {
      const now = Date.now();
      const named = await withNames(trx, caller.tenantId, records, [
        { field: 'type', as: 'typeName', lookup: dictNames('device_type') },
      ]);
      return named.map((record) => ({ ...record, online: onlineNow(record, now) }));
    },
  },
};
