import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.ts';
import { DecisionForm } from '../../../../components/flow/DecisionForm.tsx';
import { ProcessCards } from '../../../../components/flow/ProcessCards.tsx';
import { LeaveSummary, useLeave } from './LeaveSummary.tsx';

interface Props {
  taskId: string;
  processInstanceId: string;
  businessId: string;
}

/**
 * /work/process/leave/handle/{taskId}/{processInstanceId}/{businessId} (spec §2): the request, its
 * history and diagram, and the decision: 同意 (flag 'ok') or 驳回. At the applicant's own step (a
 * request sent back) the same two are 重新申请 and 关闭申请.
 */
export function LeaveHandlePage({ taskId, processInstanceId, businessId }: Props) {
  const { t } = useTranslation();
  const me = useSession((s) => String(s.userInfo.user_id ?? ''));
  const leave = useLeave(businessId);
  // the request came back to the one who asked: they resubmit it or close it
  const applicantStep = Boolean(leave.data && String(leave.data.createUser) === me);
  const words = applicantStep
    ? { ok: 'leave.resubmit', reject: 'leave.close' }
    : { ok: 'flow.decision.pass', reject: 'flow.decision.reject' };
  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
      <Card variant="borderless" title={t('leave.handle')}>
        <LeaveSummary leave={leave.data} />
        <DecisionForm taskId={taskId} processInstanceId={processInstanceId} words={words} ready={Boolean(leave.data)} />
      </Card>
      <ProcessCards processInstanceId={processInstanceId} />
    </Space>
  );
}
