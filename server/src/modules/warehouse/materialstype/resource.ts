import { sql } from 'kysely';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { pickedBy, readCodes } from '../access.ts';
import { materialsTypeMessages as m } from './messages.ts';
import { materialsTypeInput } from './schema.ts';

/** Material types: a tree per tenant; a type with children or materials stays. */
export const materialsTypeResource: CrudResource = {
  table: 'wh_material_type',
  tenantScoped: true,
  fields: {
    parentId: { column: 'parent_id', kind: 'id' },
    code: { column: 'code', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    sort: { column: 'sort', kind: 'int' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'sort', direction: 'asc' }],
  input: materialsTypeInput,
  unique: [{ fields: ['code'], index: 'wh_material_type_code', message: m['warehouse.materialsType.code.exists'] }],
  tree: { parent: 'parentId', title: 'name' },
  // The material form picks a material's type.
  picker: pickedBy(['code', 'name'], ['materialscode']),
  references: {
    label: 'name',
    by: [
      { table: 'wh_material_code', column: 'type_id', what: 'refs.material' },
      { table: 'wh_warrant', column: 'material_type_id', what: 'refs.warrant' },
    ],
  },
  permissions: {
    read: readCodes('materialstype'),
    add: 'materialstype_add',
    edit: 'materialstype_edit',
    remove: 'materialstype_delete',
  },
  hooks: {
    async beforeRemove(trx, caller, ids) {
      const { rows } = await sql`
        select 1 from wh_material_code
        where tenant_id = ${caller.tenantId} and is_deleted = 0 and type_id in (${sql.join(ids)}) limit 1`.execute(trx);
      if (rows.length) throw badRequest(m['warehouse.materialsType.hasMaterials']);
    },
  },
};
