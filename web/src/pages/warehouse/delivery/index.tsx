import { useMemo } from 'react';
import { postAction } from '../../../components/crud/api.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, CustomInputProps } from '../../../components/crud/types.ts';
import {
  deviceField,
  docStatusField,
  documentColumns,
  personField,
  StateTag,
} from '../../../components/warehouse/fields.tsx';
import { ItemLines } from '../../../components/warehouse/ItemLines.tsx';
import { linesField, linesToSubmit } from '../../../components/warehouse/lines.ts';
import { useCancelAction, useStockMoved } from '../../../components/warehouse/use-cancel-action.ts';

const API = '/warehouse/delivery';

const DeliveryLines = (props: CustomInputProps) => <ItemLines kind="delivery" {...props} />;

/**
 * Deliveries (outbound): taken from a device's stock at the moving average, all lines or none. A new
 * one is applied with `save` (the server refuses a line above the stock with the available quantity);
 * a posted one changes only its purpose and remark, and is corrected by cancelling it.
 */
export const deliveryResource: CrudResource = {
  api: API,
  permissions: 'delivery',
  dialogWidth: 1000,
  fields: [
    { name: 'deliveryNo', label: 'delivery.deliveryNo', search: true, form: 'edit', lockOnEdit: true },
    deviceField({ search: true, required: 'warehouse.deviceRequired', lockOnEdit: true }),
    // Every outbound names who takes the materials (the server refuses one without).
    personField({ lockOnEdit: true, required: true }),
    { name: 'purpose', max: 255, label: 'delivery.purpose', search: true },
    {
      name: 'source',
      label: 'delivery.source',
      form: 'edit',
      lockOnEdit: true,
      type: 'select',
      options: { items: ['web', 'kiosk'].map((s) => ({ label: `delivery.sourceOf.${s}`, value: s })) },
      render: (v) => <StateTag value={v} prefix="delivery.sourceOf" colors={{ kiosk: 'purple' }} />,
    },
    {
      name: 'applyTime',
      label: 'delivery.applyTime',
      type: 'datetime',
      form: 'edit',
      lockOnEdit: true,
      sortable: true,
    },
    ...documentColumns,
    docStatusField,
    { name: 'remark', max: 255, label: 'warehouse.remark', type: 'textarea', column: false },
    linesField(DeliveryLines),
  ],
  toSubmit: (values, editing) =>
    editing
      ? { id: editing.id, purpose: values.purpose ?? null, remark: values.remark ?? null }
      : { ...values, items: linesToSubmit('delivery', values.items) },
  calls: {
    // A new outbound is applied by `save`; `submit` only changes a posted one.
    submit: (row) => postAction(`${API}/${row.id ? 'submit' : 'save'}`, {}, row).then((answer) => answer.data),
  },
};

/** /warehouse/delivery: issue materials, cancel an outbound. */
export default function DeliveryPage() {
  const cancel = useCancelAction(API, 'delivery_cancel', 'deliveryNo');
  const stockMoved = useStockMoved();
  const resource = useMemo<CrudResource>(
    () => ({ ...deliveryResource, afterSave: stockMoved, rowActions: [cancel] }),
    [cancel, stockMoved],
  );
  return <CrudPage resource={resource} />;
}
