import { useQuery } from '@tanstack/react-query';
import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../../components/crud/api.ts';
import { DecisionForm } from '../../../../components/flow/DecisionForm.tsx';
import { ProcessCards } from '../../../../components/flow/ProcessCards.tsx';
import { type OutboundRequest, OutboundSummary } from './OutboundSummary.tsx';

interface Props {
  /** The approver's step: the page decides on it; without one it only shows the request. */
  taskId?: string;
  processInstanceId: string;
  deliveryId: string;
}

/**
 * An outbound request waiting for approval (issue 18): `/work/process/delivery/handle/{taskId}/
 * {processInstanceId}/{deliveryId}` decides on it, `/detail/{processInstanceId}/{deliveryId}` shows
 * it. Its lines with the stock at the device now (the server refuses an approval the stock no longer
 * covers, and the request stays open), its history and diagram.
 */
export function DeliveryApprovalPage({ taskId, processInstanceId, deliveryId }: Props) {
  const { t } = useTranslation();
  const request = useQuery({
    queryKey: ['crud', '/warehouse/delivery', 'approval', deliveryId],
    queryFn: () => getData<OutboundRequest>('/warehouse/delivery/detail', { id: deliveryId }),
  });
  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
      <Card variant="borderless" title={t(taskId ? 'delivery.approval.handle' : 'delivery.approval.detail')}>
        <OutboundSummary request={request.data} />
        {taskId && (
          <DecisionForm
            taskId={taskId}
            processInstanceId={processInstanceId}
            words={{ ok: 'flow.decision.pass', reject: 'flow.decision.reject' }}
            ready={Boolean(request.data)}
          />
        )}
      </Card>
      <ProcessCards processInstanceId={processInstanceId} />
    </Space>
  );
}
