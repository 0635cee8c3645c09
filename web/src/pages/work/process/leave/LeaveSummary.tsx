import { useQuery } from '@tanstack/react-query';
import { Descriptions, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { type LeaveRequest, leaveDetail } from '../../../../api/flow.ts';
import { DateTime } from '../../../../components/crud/FieldInput.tsx';
import { personName, StateTag } from '../../../../components/warehouse/fields.tsx';

/** A leave request (`leave/detail`). */
export function useLeave(businessId: string) {
  return useQuery({ queryKey: ['flow', 'leave', businessId], queryFn: () => leaveDetail(businessId) });
}

/** A leave request as it was asked: who, to whom, from when to when (and the whole days), why, and how far it is. */
export function LeaveSummary({ leave }: { leave: LeaveRequest | undefined }) {
  const { t } = useTranslation();
  if (!leave) return <Spin />;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'applicant', label: t('leave.applicant'), children: personName(leave.createUserName) },
        { key: 'applyTime', label: t('leave.applyTime'), children: <DateTime value={leave.applyTime} /> },
        { key: 'approver', label: t('leave.approver'), children: personName(leave.taskUserName) },
        {
          key: 'state',
          label: t('flow.work.finished'),
          children: (
            <StateTag
              value={leave.flow.processIsFinished}
              prefix="flow.work.finishedOf"
              colors={{ finished: 'green', unfinished: 'blue' }}
            />
          ),
        },
        { key: 'startTime', label: t('leave.startTime'), children: <DateTime value={leave.startTime} /> },
        { key: 'endTime', label: t('leave.endTime'), children: <DateTime value={leave.endTime} /> },
        { key: 'days', label: t('leave.days'), children: t('leave.daysOf', { count: leave.days }) },
        { key: 'reason', label: t('leave.reason'), children: leave.reason, span: 'filled' },
      ]}
    />
  );
}
