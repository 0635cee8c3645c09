import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { tableNames, withNames } from '../names.ts';
import { requireRef } from '../references.ts';
import { warrantMessages as m } from './messages.ts';
import { warrantInput } from './schema.ts';

/** Warrants (authorisations) of persons; `enabled` 1 or 0 (updateEnable / updateDisable). */
export const warrantResource: CrudResource = {
  table: 'wh_warrant',
  tenantScoped: true,
  fields: {
    personId: { column: 'person_id', kind: 'id' },
    deviceId: { column: 'device_id', kind: 'id' },
    materialTypeId: { column: 'material_type_id', kind: 'id' },
    materialCodeId: { column: 'material_code_id', kind: 'id' },
    maxPerDay: { column: 'max_per_day', kind: 'number' },
    maxPerMonth: { column: 'max_per_month', kind: 'number' },
    validFrom: { column: 'valid_from', kind: 'date' },
    validTo: { column: 'valid_to', kind: 'date' },
    enabled: { column: 'enabled', kind: 'int' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'createTime', direction: 'desc' }],
  input: warrantInput,
  permissions: {
    read: ['warrant', 'warrant_view'],
    add: 'warrant_add',
    edit: 'warrant_edit',
    remove: 'warrant_delete',
  },
  hooks: {
    async beforeSave(trx, caller, values, existing) {
      const merged = { ...existing, ...values };
      if (!merged.materialTypeId && !merged.materialCodeId) throw badRequest(m['warehouse.warrant.scope.required']);
      if (merged.validFrom && merged.validTo && new Date(String(merged.validTo)) < new Date(String(merged.validFrom))) {
        throw badRequest(m['warehouse.warrant.validRange']);
      }
      // On update the limit not sent keeps its stored value, so the two are compared as they will be saved.
      const { maxPerDay: day, maxPerMonth: month } = merged;
      if (day != null && month != null && Number(day) > Number(month)) {
        throw badRequest(m['warehouse.warrant.dayAboveMonth']);
      }
      await requireRef(trx, caller.tenantId, 'person', values.personId);
      await requireRef(trx, caller.tenantId, 'device', values.deviceId);
      await requireRef(trx, caller.tenantId, 'materialType', values.materialTypeId);
      await requireRef(trx, caller.tenantId, 'material', values.materialCodeId);
    },
    decorate: (trx, caller, records) =>
      withNames(trx, caller.tenantId, records, [
        { field: 'personId', as: 'personName', lookup: tableNames('wh_face_image') },
        { field: 'deviceId', as: 'deviceName', lookup: tableNames('wh_device') },
        { field: 'materialTypeId', as: 'materialTypeName', lookup: tableNames('wh_material_type') },
        { field: 'materialCodeId', as: 'materialName', lookup: tableNames('wh_material_code') },
      ]),
  },
};
