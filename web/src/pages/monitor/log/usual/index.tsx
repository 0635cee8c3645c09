import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestFields as f, requestDetail } from '../../../../components/log/fields.tsx';
import { LogPage, type LogScreen } from '../../../../components/log/LogPage.tsx';

const LEVEL_COLORS: Record<string, string> = { info: 'blue', warn: 'orange', error: 'red' };

function Level({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const level = String(value ?? '');
  return level ? <Tag color={LEVEL_COLORS[level]}>{t(`monitor.levelOf.${level}`, level)}</Tag> : null;
}

/** What the usual log shows: business events (sign-ins, grants, stocktakes, ...) and errors the browsers sent. */
export const usualLogScreen: LogScreen = {
  api: '/blade-log/usual',
  viewCode: 'log_usual_view',
  title: 'monitor.detailUsual',
  fields: [
    f.tenantId,
    f.serviceId,
    f.serverHost,
    f.serverIp,
    f.env,
    { name: 'logId', label: 'monitor.logId', search: true },
    {
      name: 'logLevel',
      label: 'monitor.logLevel',
      type: 'select',
      search: true,
      options: { items: ['info', 'warn', 'error'].map((l) => ({ label: `monitor.levelOf.${l}`, value: l })) },
      render: (v) => <Level value={v} />,
    },
    f.method,
    f.requestUri,
    f.remoteIp,
    f.createBy,
    f.createTime,
  ],
  detailFields: [...requestDetail.filter((d) => d.name !== 'params'), { name: 'logData', label: 'monitor.logData' }],
  exact: ['remoteIp'],
  blocks: ['logData'],
};

/** /monitor/log/usual */
export default function UsualLogPage() {
  return <LogPage screen={usualLogScreen} />;
}
