import { useQuery } from '@tanstack/react-query';
import { Descriptions, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { type LeaveRequest, leaveDetail } from '../../../../api/flow.ts';
import { FieldValue } from '../../../../components/crud/FieldInput.tsx';
import { personName } from '../../../../components/warehouse/fields.tsx';

const TIME = { name: 'time', label: '', type: 'datetime' as const };

/** A leave request as it was asked (`leave/detail`): who, from when to when, why. */
export function useLeave(businessId: string) {
  return useQuery({ queryKey: ['flow', 'leave', businessId], queryFn: () => leaveDetail(businessId) });
}

export function LeaveSummary({ leave }: { leave: LeaveRequest | undefined }) {
  const { t } = useTranslation();
  if (!leave) return <Spin />;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'applicant', label: t('leave.applicant'), children: personName(leave.flow?.assigneeName) },
        {
          key: 'applyTime',
          label: t('leave.applyTime'),
          children: <FieldValue field={TIME} value={leave.applyTime} />,
        },
        {
          key: 'startTime',
          label: t('leave.startTime'),
          children: <FieldValue field={TIME} value={leave.startTime} />,
        },
        { key: 'endTime', label: t('leave.endTime'), children: <FieldValue field={TIME} value={leave.endTime} /> },
        { key: 'reason', label: t('leave.reason'), children: leave.reason, span: 'filled' },
      ]}
    />
  );
}
