import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowDiagram } from './DiagramDialog.tsx';
import { FlowHistory } from './FlowHistory.tsx';

/** What a process page shows of its process: the history, and the diagram as it stands. */
export function ProcessCards({ processInstanceId }: { processInstanceId: string }) {
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
