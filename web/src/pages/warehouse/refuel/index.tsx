import { useMemo } from 'react';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, CustomInputProps, Row } from '../../../components/crud/types.ts';
import { deviceField, docStatusField, documentColumns, providerField } from '../../../components/warehouse/fields.tsx';
import { ItemLines } from '../../../components/warehouse/ItemLines.tsx';
import { linesField, linesToSubmit } from '../../../components/warehouse/lines.ts';
import { useCancelAction, useStockMoved } from '../../../components/warehouse/use-cancel-action.ts';
import { useExport } from '../../../components/warehouse/use-export.tsx';

const API = '/warehouse/refuel';

const RefuelLines = (props: CustomInputProps) => <ItemLines kind="refuel" {...props} />;

/**
 * Refuels (inbound): a header and its priced lines, posted to stock on submit. Once posted only the
 * provider and the remark change; a mistake is cancelled (its goods taken back out) and entered again.
 */
export const refuelResource: CrudResource = {
  api: API,
  permissions: 'refuel',
  dialogWidth: 1100,
  fields: [
    { name: 'refuelNo', label: 'refuel.refuelNo', search: true, form: 'edit', lockOnEdit: true },
    deviceField({ search: true, required: 'warehouse.deviceRequired', lockOnEdit: true }),
    providerField({ search: true }),
    { name: 'refuelTime', label: 'refuel.refuelTime', type: 'datetime', lockOnEdit: true, sortable: true },
    ...documentColumns,
    docStatusField,
    { name: 'remark', max: 255, label: 'warehouse.remark', type: 'textarea', column: false },
    linesField(RefuelLines),
  ],
  // A posted refuel takes only its provider and remark: the server refuses anything else. An empty
  // time makes the server take the moment it receives the goods.
  toSubmit: (values, editing) =>
    editing
      ? { id: editing.id, providerId: values.providerId ?? null, remark: values.remark ?? null }
      : { ...values, items: linesToSubmit('refuel', values.items) },
};

/** /warehouse/refuel: receive goods, cancel a refuel, export the lines the list shows. */
export default function RefuelPage() {
  const exporter = useExport();
  const cancel = useCancelAction(API, 'refuel_cancel', 'refuelNo');
  const stockMoved = useStockMoved();
  const resource = useMemo<CrudResource>(
    () => ({
      ...refuelResource,
      afterSave: stockMoved,
      rowActions: [cancel],
      toolbar: [
        {
          label: 'refuel.export',
          permission: 'refuel_export',
          onClick: ({ filters }: { filters: Row }) =>
            exporter.start(`${API}/refuelDetailExcel`, filters, 'refuel-items.xlsx'),
        },
      ],
    }),
    [cancel, stockMoved, exporter.start],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {exporter.element}
    </>
  );
}
