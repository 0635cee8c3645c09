import { isEmptyAnswer } from '../../../../api/wire.ts';
import { agentField, requestFields as f, requestDetail, statusTag } from '../../../../components/log/fields.tsx';
import { LogPage, type LogScreen } from '../../../../components/log/LogPage.tsx';

/** What the api log shows: every call that could change data, who made it, from where, how it ended. */
export const apiLogScreen: LogScreen = {
  api: '/blade-log/api',
  viewCode: 'log_api_view',
  title: 'monitor.detailApi',
  fields: [
    f.tenantId,
    f.serviceId,
    f.serverHost,
    f.serverIp,
    f.env,
    { name: 'title', label: 'monitor.title' },
    f.method,
    f.requestUri,
    {
      name: 'statusCode',
      label: 'monitor.statusCode',
      render: (v) => (isEmptyAnswer(v) ? null : statusTag(String(v), Number(v) < 400)),
    },
    { name: 'time', label: 'monitor.time' },
    f.remoteIp,
    f.createBy,
    f.createTime,
  ],
  detailFields: [agentField(), ...requestDetail],
  exact: ['remoteIp'],
  blocks: ['params'],
};

/** /monitor/log/api */
export default function ApiLogPage() {
  return <LogPage screen={apiLogScreen} />;
}
