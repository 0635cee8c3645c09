import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';
import { parentField, rootAsNone, SOURCES } from '../../../components/warehouse/fields.tsx';

/** /warehouse/materialstype: the tree of material types; one with children or materials stays. */
export const materialsTypeResource: CrudResource = {
  api: '/warehouse/materialstype',
  permissions: 'materialstype',
  mode: 'tree',
  listPath: 'listTree',
  fields: [
    parentField(SOURCES.materialType),
    { name: 'name', max: 100, label: 'materialsType.name', search: true, required: true },
    { name: 'code', max: 64, label: 'materialsType.code', search: true, required: true },
    { name: 'sort', label: 'warehouse.sort', type: 'number', initial: 1 },
    { name: 'remark', max: 255, label: 'warehouse.remark', type: 'textarea' },
  ],
  fromRecord: rootAsNone,
  rowActions: [
    {
      label: 'warehouse.addChild',
      permission: 'materialstype_add',
      onClick: (row, ctx) => ctx.add({ parentId: row.id }),
    },
  ],
};

/** /warehouse/materialstype */
export default function MaterialsTypePage() {
  return <CrudPage resource={materialsTypeResource} />;
}
