import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type BladeFlow, historyFlowList } from '../../api/flow.ts';
import { DateTime } from '../crud/FieldInput.tsx';
import { personName } from '../warehouse/fields.tsx';
// the workflow's words come with the first history shown (a delivery's view shows one)
import './area-messages.ts';

/**
 * What has happened in a process, oldest first: each step, who took it, when it began and ended,
 * how long it took, and what they said. A step under way is marked so.
 */
export function HistoryTimeline({ steps }: { steps: readonly BladeFlow[] }) {
  const { t } = useTranslation();
  if (!steps.length) return <Empty description={t('flow.history.none')} />;
  return (
    <Timeline
      items={steps.map((step, i) => ({
        key: `${step.historyActivityId}-${i}`,
        color: step.endTime ? 'green' : 'blue',
        children: (
          <div>
            <Typography.Text strong>{step.historyActivityName || step.historyActivityId}</Typography.Text>{' '}
            {personName(step.assigneeName)}
            <div>
              <Typography.Text type="secondary">
                <DateTime value={step.createTime} />
                {step.endTime ? (
                  <>
                    {' – '}
                    <DateTime value={step.endTime} />
                    {step.historyActivityDurationTime &&
                      ` · ${t('flow.history.took', { time: step.historyActivityDurationTime })}`}
                  </>
                ) : (
                  ` · ${t('flow.history.underWay')}`
                )}
              </Typography.Text>
            </div>
            {step.comment && <div>{t('flow.history.comment', { comment: step.comment })}</div>}
          </div>
        ),
      }))}
    />
  );
}

/** A process's history read from `process/history-flow-list`. */
export function FlowHistory({ processInstanceId }: { processInstanceId: string }) {
  const { i18n } = useTranslation();
  const history = useQuery({
    // the server says the durations in the reader's language: read again when it changes
    queryKey: ['flow', 'history', processInstanceId, i18n.language],
    queryFn: () => historyFlowList(processInstanceId),
  });
  if (history.isPending) return <Spin />;
  return <HistoryTimeline steps={history.data ?? []} />;
}
