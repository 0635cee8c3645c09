import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';
import { providerField, SOURCES, statusField } from '../../../components/warehouse/fields.tsx';
import { printLabel } from '../../../components/warehouse/print-label.ts';

/** /warehouse/materialscode: the material master; a material with stock or movements is disabled, not removed. */
export const materialsCodeResource: CrudResource = {
  api: '/warehouse/materialscode',
  permissions: 'materialscode',
  fields: [
    { name: 'code', max: 64, label: 'materialsCode.code', search: true, required: true, sortable: true },
    { name: 'name', max: 100, label: 'materialsCode.name', search: true, required: true },
    {
      name: 'typeId',
      label: 'warehouse.materialType',
      type: 'tree-select',
      options: SOURCES.materialType,
      search: true,
      required: true,
      render: (_v, row) => row.typeName as string,
    },
    { name: 'specification', max: 200, label: 'warehouse.spec' },
    { name: 'unit', label: 'warehouse.unit', type: 'select', options: { dictBiz: 'material_unit' }, width: 70 },
    { name: 'brand', max: 100, label: 'materialsCode.brand', column: false },
    { name: 'barcode', max: 64, label: 'materialsCode.barcode', search: true, column: false },
    providerField({ name: 'defaultProviderId', label: 'materialsCode.defaultProvider', column: false }),
    { name: 'referencePrice', label: 'materialsCode.referencePrice', type: 'number', width: 100 },
    { name: 'safetyStock', label: 'materialsCode.safetyStock', type: 'number', format: 'quantity' },
    { name: 'maxStock', label: 'materialsCode.maxStock', type: 'number', column: false },
    statusField({ search: true }),
    { name: 'imageUrl', max: 1000, label: 'materialsCode.imageUrl', column: false, wide: true },
    { name: 'remark', max: 255, label: 'warehouse.remark', type: 'textarea', column: false },
  ],
  rowActions: [
    {
      label: 'warehouse.printLabel',
      permission: 'materialscode_qr',
      onClick: (row) =>
        void printLabel({
          code: String(row.code),
          lines: [String(row.name), row.specification as string],
          title: String(row.code),
        }),
    },
  ],
};

/** /warehouse/materialscode */
export default function MaterialsCodePage() {
  return <CrudPage resource={materialsCodeResource} />;
}
