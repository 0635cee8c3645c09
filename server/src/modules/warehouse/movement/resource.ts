import { z } from 'zod';
import type { Row } from '../../../platform/crud/repository.ts';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { tableNames, withNames } from '../names.ts';

/**
 * What a movement is for a person: a cancellation's counter-movement (it reverses another) is a
 * `cancel`, not an `in` of a negative quantity; any other is its kind.
 */
const withMovementType = (record: Row): Row => ({
  ...record,
  movementType: record.reversesId ? 'cancel' : record.kind,
});

/**
 * The stock ledger, read-only: every in, out and adjust movement with its signed quantity and
 * amount and the balance after it (the history of a row of the materials screen).
 */
export const movementResource: CrudResource = {
  table: 'wh_stock_movement',
  tenantScoped: true,
  fields: {
    deviceId: { column: 'device_id', kind: 'id' },
    materialCodeId: { column: 'material_code_id', kind: 'id' },
    kind: { column: 'kind', kind: 'text' },
    quantity: { column: 'quantity', kind: 'number' },
    unitPrice: { column: 'unit_price', kind: 'number' },
    amount: { column: 'amount', kind: 'number' },
    balanceAfter: { column: 'balance_after', kind: 'number' },
    sourceType: { column: 'source_type', kind: 'text' },
    sourceId: { column: 'source_id', kind: 'id' },
    reversesId: { column: 'reverses_id', kind: 'id' },
    operatorId: { column: 'operator_id', kind: 'id' },
    movementTime: { column: 'movement_time', kind: 'date' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'entity',
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  input: z.object({}),
  permissions: {
    read: 'materials_history',
    add: 'materials_history',
    edit: 'materials_history',
    remove: 'materials_history',
  },
  hooks: {
    decorate: (trx, caller, records) =>
      withNames(trx, caller.tenantId, records.map(withMovementType), [
        { field: 'deviceId', as: 'deviceName', lookup: tableNames('wh_device') },
        { field: 'materialCodeId', as: 'materialName', lookup: tableNames('wh_material_code') },
        { field: 'materialCodeId', as: 'materialCode', lookup: tableNames('wh_material_code', 'code') },
        { field: 'sourceId', as: 'refuelNo', lookup: tableNames('wh_refuel', 'refuel_no') },
        { field: 'sourceId', as: 'deliveryNo', lookup: tableNames('wh_delivery', 'delivery_no') },
      ]),
  },
};
