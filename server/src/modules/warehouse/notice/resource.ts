import type { CrudResource } from '../../../platform/crud/resource.ts';
import { dictNames, tableNames, users, withNames } from '../names.ts';
import { requireDictKey, requireRef } from '../references.ts';
import { noticeMessages as m } from './messages.ts';
import { noticeInput } from './schema.ts';

export const NOTICE_READ = ['warehouse_notice', 'warehouse_notice_view'];

/**
 * Warehouse notices: raised by the stock (low_stock, out_of_stock) or entered by hand; `treated`
 * 0 or 1, set by `treat` with the handler, time and remark. One untreated notice of a kind per
 * device and material.
 */
export const noticeResource: CrudResource = {
  table: 'wh_notice',
  tenantScoped: true,
  fields: {
    type: { column: 'type', kind: 'text' },
    level: { column: 'level', kind: 'int' },
    title: { column: 'title', kind: 'text' },
    content: { column: 'content', kind: 'text' },
    deviceId: { column: 'device_id', kind: 'id' },
    materialCodeId: { column: 'material_code_id', kind: 'id' },
    treated: { column: 'treated', kind: 'int' },
    handlerId: { column: 'handler_id', kind: 'id' },
    handleTime: { column: 'handle_time', kind: 'date' },
    handleRemark: { column: 'handle_remark', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [
    { field: 'treated', direction: 'asc' },
    { field: 'createTime', direction: 'desc' },
  ],
  input: noticeInput,
  unique: [
    {
      fields: ['type', 'deviceId', 'materialCodeId'],
      where: { treated: 0 },
      index: 'wh_notice_untreated',
      message: m['warehouse.notice.duplicate'],
    },
  ],
  permissions: {
    read: NOTICE_READ,
    add: 'warehouse_notice_add',
    edit: 'warehouse_notice_edit',
    remove: 'warehouse_notice_delete',
  },
  hooks: {
    async beforeSave(trx, caller, values) {
      await requireDictKey(trx, caller.tenantId, 'notice_type', values.type);
      await requireRef(trx, caller.tenantId, 'device', values.deviceId);
      await requireRef(trx, caller.tenantId, 'material', values.materialCodeId);
    },
    decorate: (trx, caller, records) =>
      withNames(trx, caller.tenantId, records, [
        { field: 'type', as: 'typeName', lookup: dictNames('notice_type') },
        { field: 'deviceId', as: 'deviceName', lookup: tableNames('wh_device') },
        { field: 'materialCodeId', as: 'materialName', lookup: tableNames('wh_material_code') },
        { field: 'handlerId', as: 'handlerName', lookup: users },
      ]),
  },
};
