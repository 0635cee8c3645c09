import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BladeFlow } from '../../../api/flow.ts';
import type { CustomInputProps, FieldSpec, Row } from '../../../components/crud/types.ts';
import { HistoryTimeline } from '../../../components/flow/FlowHistory.tsx';
import { StateTag } from '../../../components/warehouse/fields.tsx';

type ApprovalState = 'pending' | 'approved' | 'rejected' | 'withdrawn';
const BY_STATUS: Record<number, ApprovalState> = { 3: 'pending', 1: 'approved', 4: 'rejected', 2: 'withdrawn' };
const COLOURS: Record<ApprovalState, string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'default',
};

/** The approval a delivery went through, as the server names its state (the list derives it as the server does). */
export function approvalState(row: Row): ApprovalState | null {
  const approval = row.approval as { state?: ApprovalState } | null | undefined;
  if (approval?.state) return approval.state;
  return row.processInstanceId ? (BY_STATUS[Number(row.status)] ?? null) : null;
}

export function ApprovalTag({ row }: { row: Row }) {
  const { t } = useTranslation();
  const state = approvalState(row);
  if (!state) return <Typography.Text type="secondary">{t('delivery.approval.none')}</Typography.Text>;
  return <Tag color={COLOURS[state]}>{t(`delivery.approval.stateOf.${state}`)}</Tag>;
}

/**
 * A delivery's `status` (server: warehouse/delivery/approval.ts): 1 posted, 2 cancelled (or a request
 * withdrawn), 3 waiting for approval, 4 rejected. A posted one that was approved says so (one column:
 * the list is as wide as it was).
 */
export const deliveryStatusField: FieldSpec = {
  name: 'status',
  label: 'warehouse.status',
  type: 'select',
  search: true,
  form: false,
  options: { items: [1, 2, 3, 4].map((v) => ({ label: `delivery.statusOf.${v}`, value: v })) },
  render: (v, row) =>
    approvalState(row) === 'approved' ? (
      <ApprovalTag row={row} />
    ) : (
      <StateTag
        value={v}
        prefix="delivery.statusOf"
        colors={{ '1': 'green', '2': 'default', '3': 'orange', '4': 'red' }}
      />
    ),
};

/** A delivery's approval in its view: the state, the last comment, and the process's history. */
function ApprovalView({ value }: CustomInputProps) {
  const { t } = useTranslation();
  const approval = value as { state: ApprovalState; comment: string | null; history: BladeFlow[] } | null;
  if (!approval) return <Typography.Text type="secondary">{t('delivery.approval.none')}</Typography.Text>;
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'state', label: t('delivery.approval.state'), children: <ApprovalTag row={{ approval }} /> },
          { key: 'comment', label: t('flow.decision.comment'), children: approval.comment },
        ]}
      />
      <HistoryTimeline steps={approval.history} />
    </>
  );
}

/** The approval in the view dialog (a detail's `approval`); never sent back. */
export const approvalViewField: FieldSpec = {
  name: 'approval',
  label: 'delivery.approval.title',
  form: 'edit',
  column: false,
  wide: true,
  input: ApprovalView,
};
