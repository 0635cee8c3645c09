import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowDiagram } from '../../../../components/flow/DiagramDialog.tsx';
import { FlowHistory } from '../../../../components/flow/FlowHistory.tsx';

/** What the handle and detail pages show of the process: its history, and its diagram as it stands. */
export function LeaveProcessCards({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Card variant="borderless" title={t('flow.history.title')}>
        <FlowHistory processInstanceId={processInstanceId} />
      </Card>
      <Card variant="borderless" title={t('flow.diagram.title')}>
        <FlowDiagram of={{ processInstanceId }} height={400} />
      </Card>
    </>
  );
}
