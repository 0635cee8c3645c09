import { sql } from 'kysely';
import { containsFilter } from '../../../platform/crud/contains-filter.ts';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { tableNames, users, withNames } from '../names.ts';
import { subtreeFilter } from '../subtree.ts';
import { refuelMessages as m } from './messages.ts';
import { refuelInput } from './schema.ts';

export const REFUEL_READ = ['refuel', 'refuel_view'];

/**
 * Refuel (inbound) headers; `status` is 1 completed, 2 cancelled. Created and cancelled by the
 * service (they move stock); the factory lists, shows and removes them. Only a cancelled refuel
 * (its movements reversed) may be removed.
 */
export const refuelResource: CrudResource = {
  table: 'wh_refuel',
  tenantScoped: true,
  fields: {
    refuelNo: { column: 'refuel_no', kind: 'text' },
    deviceId: { column: 'device_id', kind: 'id' },
    providerId: { column: 'provider_id', kind: 'id' },
    operatorId: { column: 'operator_id', kind: 'id' },
    refuelTime: { column: 'refuel_time', kind: 'date' },
    totalQuantity: { column: 'total_quantity', kind: 'number' },
    totalAmount: { column: 'total_amount', kind: 'number' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'refuelTime', direction: 'desc' }],
  input: refuelInput,
  queryFilters: {
    deviceId: subtreeFilter('wh_device', 'device_id'),
    refuelNo: containsFilter('wh_refuel', 'refuel_no'),
  },
  permissions: { read: REFUEL_READ, add: 'refuel_add', edit: 'refuel_edit', remove: 'refuel_delete' },
  hooks: {
    async beforeRemove(trx, caller, ids) {
      const { rows } = await sql<{ no: string }>`
        select refuel_no as no from wh_refuel
        where tenant_id = ${caller.tenantId} and id in (${sql.join(ids)}) and status <> 2 limit 1`.execute(trx);
      if (rows[0]) throw badRequest(m['warehouse.refuel.moved'], { no: rows[0].no });
    },
    decorate: (trx, caller, records) =>
      withNames(trx, caller.tenantId, records, [
        { field: 'deviceId', as: 'deviceName', lookup: tableNames('wh_device') },
        { field: 'providerId', as: 'providerName', lookup: tableNames('wh_provider') },
        { field: 'operatorId', as: 'operatorName', lookup: users },
      ]),
  },
};
