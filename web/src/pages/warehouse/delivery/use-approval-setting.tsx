import { useMemo } from 'react';
import { getData, postAction } from '../../../components/crud/api.ts';
import type { FieldSpec, Row, ToolbarAction } from '../../../components/crud/types.ts';
import type { useFormDialog } from '../../../components/crud/use-form-dialog.tsx';

const SETTING = '/warehouse/delivery/approval-setting';

const fields: FieldSpec[] = [
  { name: 'enabled', label: 'delivery.approval.enabled', type: 'switch', help: 'delivery.approval.enabledHelp' },
  {
    name: 'processKey',
    label: 'delivery.approval.processKey',
    max: 64,
    help: 'delivery.approval.processKeyHelp',
  },
  {
    name: 'thresholdKind',
    label: 'delivery.approval.thresholdKind',
    type: 'radio',
    options: {
      items: ['quantity', 'amount'].map((v) => ({ label: `delivery.approval.kindOf.${v}`, value: v })),
    },
  },
  {
    name: 'threshold',
    label: 'delivery.approval.threshold',
    type: 'number',
    required: true,
    help: 'delivery.approval.thresholdHelp',
  },
];

/**
 * 审批设置 (delivery_approval): whether outbound requests over a threshold (total quantity, or value
 * at the moving average) wait for a deployed process, and which. The server checks the process.
 */
export function useApprovalSetting(dialog: ReturnType<typeof useFormDialog>): ToolbarAction {
  return useMemo(
    () => ({
      label: 'delivery.approval.setting',
      permission: 'delivery_approval',
      onClick: () =>
        void getData<Row>(SETTING)
          .then((setting) =>
            dialog.open({
              title: 'delivery.approval.setting',
              fields,
              initial: { ...setting, threshold: Number(setting.threshold) },
              submit: (values) => postAction(SETTING, {}, values),
            }),
          )
          .catch(() => undefined), // the client has shown why
    }),
    [dialog.open],
  );
}
