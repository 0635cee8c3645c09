import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProcessCards } from '../../../../components/flow/ProcessCards.tsx';
import { LeaveSummary, useLeave } from './LeaveSummary.tsx';

/** /work/process/leave/detail/{processInstanceId}/{businessId} (spec §2): read only. */
export function LeaveDetailPage({ processInstanceId, businessId }: { processInstanceId: string; businessId: string }) {
  const { t } = useTranslation();
  const leave = useLeave(businessId);
  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
      <Card variant="borderless" title={t('leave.detail')}>
        <LeaveSummary leave={leave.data} />
      </Card>
      <ProcessCards processInstanceId={processInstanceId} />
    </Space>
  );
}
