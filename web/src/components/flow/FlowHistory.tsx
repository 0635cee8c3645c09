import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { historyFlowList } from '../../api/flow.ts';
import { FieldValue } from '../crud/FieldInput.tsx';
import { personName } from '../warehouse/fields.tsx';

const TIME = { name: 'time', label: '', type: 'datetime' as const };

/**
 * What has happened in a process (`process/history-flow-list`), oldest first: each step, who took
 * it, when it began and ended, how long it took, and what they said. A step under way is marked so.
 */
export function FlowHistory({ processInstanceId }: { processInstanceId: string }) {
  const { t, i18n } = useTranslation();
  const history = useQuery({
    // the server says the durations in the reader's language: read again when it changes
    queryKey: ['flow', 'history', processInstanceId, i18n.language],
    queryFn: () => historyFlowList(processInstanceId),
  });
  if (history.isPending) return <Spin />;
  if (!history.data?.length) return <Empty description={t('flow.history.none')} />;
  return (
    <Timeline
      items={history.data.map((step, i) => ({
        key: `${step.historyActivityId}-${i}`,
        color: step.endTime ? 'green' : 'blue',
        children: (
          <div>
            <Typography.Text strong>{step.historyActivityName || step.historyActivityId}</Typography.Text>{' '}
            {personName(step.assigneeName)}
            <div>
              <Typography.Text type="secondary">
                <FieldValue field={TIME} value={step.createTime} />
                {step.endTime ? (
                  <>
                    {' – '}
                    <FieldValue field={TIME} value={step.endTime} />
                    {step.historyActivityDurationTime &&
                      ` · ${t('flow.history.took', { time: step.historyActivityDurationTime })}`}
                  </>
                ) : (
                  ` · ${t('flow.history.underWay')}`
                )}
              </Typography.Text>
            </div>
            {step.comment && <div className="flow-comment">{t('flow.history.comment', { comment: step.comment })}</div>}
          </div>
        ),
      }))}
    />
  );
}
