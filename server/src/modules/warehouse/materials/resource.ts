import { z } from 'zod';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { subtreeFilter } from '../subtree.ts';

/**
 * The "materials" screen: one row per device and material with its stock (the view wh_stock_view
 * over the balances). Read-only: stock changes only through movements. `state` is ok, low (below
 * the safety stock) or out (zero); `deviceId` and `materialTypeId` take in the nodes below them.
 */
export const materialsResource: CrudResource = {
  table: 'wh_stock_view',
  tenantScoped: true,
  fields: {
    deviceId: { column: 'device_id', kind: 'id' },
    materialCodeId: { column: 'material_code_id', kind: 'id' },
    quantity: { column: 'quantity', kind: 'number' },
    amount: { column: 'amount', kind: 'number' },
    averagePrice: { column: 'average_price', kind: 'number' },
    lastInTime: { column: 'last_in_time', kind: 'date' },
    lastOutTime: { column: 'last_out_time', kind: 'date' },
    materialCode: { column: 'material_code', kind: 'text' },
    materialName: { column: 'material_name', kind: 'text' },
    materialTypeId: { column: 'material_type_id', kind: 'id' },
    unit: { column: 'unit', kind: 'text' },
    specification: { column: 'specification', kind: 'text' },
    safetyStock: { column: 'safety_stock', kind: 'number' },
    maxStock: { column: 'max_stock', kind: 'number' },
    deviceCode: { column: 'device_code', kind: 'text' },
    deviceName: { column: 'device_name', kind: 'text' },
    state: { column: 'state', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [
    { field: 'deviceCode', direction: 'asc' },
    { field: 'materialCode', direction: 'asc' },
  ],
  input: z.object({}),
  queryFilters: {
    deviceId: subtreeFilter('wh_device', 'device_id'),
    materialTypeId: subtreeFilter('wh_material_type', 'material_type_id'),
  },
  permissions: {
    // The delivery form shows each line's stock at its device.
    read: ['materials', 'materials_view', 'delivery'],
    add: 'materials_stocktake',
    edit: 'materials_stocktake',
    remove: 'materials_stocktake',
  },
};
