import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { postAction } from '../../../components/crud/api.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, CustomInputProps, Row } from '../../../components/crud/types.ts';
import { useFormDialog } from '../../../components/crud/use-form-dialog.tsx';
import { deviceField, documentColumns, personField, StateTag } from '../../../components/warehouse/fields.tsx';
import { ItemLines } from '../../../components/warehouse/ItemLines.tsx';
import { linesField, linesToSubmit } from '../../../components/warehouse/lines.ts';
import { useCancelAction, useStockMoved, useWithdrawAction } from '../../../components/warehouse/use-cancel-action.ts';
import { approvalViewField, deliveryStatusField } from './approval.tsx';
import { useApprovalSetting } from './use-approval-setting.tsx';

const API = '/warehouse/delivery';

const DeliveryLines = (props: CustomInputProps) => <ItemLines kind="delivery" {...props} />;

/**
 * Deliveries (outbound): taken from a device's stock at the moving average, all lines or none. A new
 * one is applied with `save` (the server refuses a line above the stock with the available quantity);
 * a posted one changes only its purpose and remark, and is corrected by cancelling it. Over the
 * tenant's approval threshold a new one waits for its process instead (issue 18), moving no stock
 * until approved: its state and history show in the list and the view.
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
    deliveryStatusField,
    { name: 'remark', max: 255, label: 'warehouse.remark', type: 'textarea', column: false },
    linesField(DeliveryLines),
    approvalViewField,
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

/** /warehouse/delivery: issue materials, cancel an outbound, withdraw a request, set the approval. */
export default function DeliveryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cancel = useCancelAction(API, 'delivery_cancel', 'deliveryNo');
  const withdraw = useWithdrawAction(API, 'delivery_cancel', 'deliveryNo');
  const stockMoved = useStockMoved();
  const dialog = useFormDialog();
  const setting = useApprovalSetting(dialog);
  const resource = useMemo<CrudResource>(
    () => ({
      ...deliveryResource,
      afterSave: (saved: Row) => {
        // over the threshold: saved as a request, the stock moves once it is approved
        if (Number(saved.status) === 3) void message.info(t('delivery.approval.awaiting'));
        else stockMoved();
      },
      rowActions: [cancel, withdraw],
      toolbar: [setting],
    }),
    [cancel, withdraw, setting, stockMoved, message, t],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {dialog.element}
    </>
  );
}
