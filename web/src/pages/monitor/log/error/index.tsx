import { requestFields as f, requestDetail } from '../../../../components/log/fields.tsx';
import { LogPage, type LogScreen } from '../../../../components/log/LogPage.tsx';

/** What the error log shows: each unexpected error with the call it broke, and its stack in the drawer. */
export const errorLogScreen: LogScreen = {
  api: '/blade-log/error',
  viewCode: 'log_error_view',
  title: 'monitor.detailError',
  fields: [
    f.tenantId,
    f.serviceId,
    f.serverHost,
    f.serverIp,
    f.env,
    f.method,
    f.requestUri,
    { name: 'exceptionName', label: 'monitor.exceptionName', search: true },
    { name: 'message', label: 'monitor.message', type: 'textarea', search: true },
    f.remoteIp,
    f.createBy,
    f.createTime,
  ],
  detailFields: [
    ...requestDetail,
    { name: 'fileName', label: 'monitor.fileName' },
    { name: 'lineNumber', label: 'monitor.lineNumber' },
    { name: 'stackTrace', label: 'monitor.stackTrace' },
  ],
  exact: ['remoteIp'],
  blocks: ['params', 'stackTrace'],
};

/** /monitor/log/error */
export default function ErrorLogPage() {
  return <LogPage screen={errorLogScreen} />;
}
