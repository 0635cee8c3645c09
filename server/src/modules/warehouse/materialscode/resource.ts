import { sql } from 'kysely';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { pickedBy, readCodes } from '../access.ts';
import { tableNames, unitNames, withNames } from '../names.ts';
import { requireDictKey, requireRef } from '../references.ts';
import { subtreeFilter } from '../subtree.ts';
import { materialsCodeMessages as m } from './messages.ts';
import { materialsCodeInput } from './schema.ts';

/** Materials (the material master); one with stock or movements is disabled, never removed. */
export const materialsCodeResource: CrudResource = {
  table: 'wh_material_code',
  tenantScoped: true,
  fields: {
    code: { column: 'code', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    typeId: { column: 'type_id', kind: 'id' },
    specification: { column: 'specification', kind: 'text' },
    unit: { column: 'unit', kind: 'text' },
    brand: { column: 'brand', kind: 'text' },
    barcode: { column: 'barcode', kind: 'text' },
    defaultProviderId: { column: 'default_provider_id', kind: 'id' },
    referencePrice: { column: 'reference_price', kind: 'number' },
    safetyStock: { column: 'safety_stock', kind: 'number' },
    maxStock: { column: 'max_stock', kind: 'number' },
    imageUrl: { column: 'image_url', kind: 'text', filter: false },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'code', direction: 'asc' }],
  input: materialsCodeInput,
  unique: [{ fields: ['code'], index: 'wh_material_code_code', message: m['warehouse.materialsCode.code.exists'] }],
  // `typeId` takes in the types below it, as the type tree beside the list shows them.
  queryFilters: { typeId: subtreeFilter('wh_material_type', 'type_id') },
  // A document line needs the unit and the reference price besides the name.
  picker: pickedBy(['code', 'name', 'typeId', 'specification', 'unit', 'unitName', 'referencePrice']),
  references: {
    label: 'name',
    by: [
      { table: 'wh_refuel_item', column: 'material_code_id', what: 'refs.refuel' },
      { table: 'wh_delivery_item', column: 'material_code_id', what: 'refs.delivery' },
      { table: 'wh_warrant', column: 'material_code_id', what: 'refs.warrant' },
    ],
  },
  permissions: {
    read: [...readCodes('materialscode'), 'materialscode_qr'],
    add: 'materialscode_add',
    edit: 'materialscode_edit',
    remove: 'materialscode_delete',
  },
  hooks: {
    async beforeSave(trx, caller, values, existing) {
      await requireRef(trx, caller.tenantId, 'materialType', values.typeId);
      await requireRef(trx, caller.tenantId, 'provider', values.defaultProviderId);
      await requireDictKey(trx, caller.tenantId, 'material_unit', values.unit);
      const safety = values.safetyStock !== undefined ? values.safetyStock : existing?.safetyStock;
      const max = values.maxStock !== undefined ? values.maxStock : existing?.maxStock;
      if (safety != null && max != null && Number(max) < Number(safety)) {
        throw badRequest(m['warehouse.materialsCode.maxBelowSafety']);
      }
    },
    async beforeRemove(trx, caller, ids) {
      const { rows } = await sql<{ name: string }>`
        select m.name from wh_material_code m
        where m.tenant_id = ${caller.tenantId} and m.id in (${sql.join(ids)})
          and (exists (select 1 from wh_stock_movement s where s.tenant_id = m.tenant_id and s.material_code_id = m.id)
            or exists (select 1 from wh_stock_balance b where b.tenant_id = m.tenant_id and b.material_code_id = m.id
                       and b.quantity > 0))
        limit 1`.execute(trx);
      if (rows[0]) throw badRequest(m['warehouse.materialsCode.hasMovements'], { name: rows[0].name });
    },
    decorate: (trx, caller, records) =>
      withNames(trx, caller.tenantId, records, [
        { field: 'typeId', as: 'typeName', lookup: tableNames('wh_material_type') },
        { field: 'defaultProviderId', as: 'defaultProviderName', lookup: tableNames('wh_provider') },
        unitNames,
      ]),
  },
};
