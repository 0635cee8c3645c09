import { useTranslation } from 'react-i18next';
import { agentField, requestFields as f, statusTag } from '../../../../components/log/fields.tsx';
import { LogPage, type LogScreen } from '../../../../components/log/LogPage.tsx';

/** The results the server writes (server/src/modules/log/login/record.ts). */
export const LOGIN_RESULTS = [
  'success',
  'bad_password',
  'locked',
  'captcha_required',
  'bad_captcha',
  'disabled',
  'pending',
  'no_role',
  'tenant_unknown',
  'tenant_expired',
  'tenant_disabled',
  'bad_client',
  'bad_token',
  'bad_request',
] as const;

function Result({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return statusTag(t(`monitor.resultOf.${String(value)}`, String(value)), value === 'success');
}

/** The login log (beyond BladeX): every sign-in attempt, its result, where from; never a password. */
export const loginLogScreen: LogScreen = {
  api: '/blade-log/login',
  viewCode: 'log_login_view',
  title: 'monitor.detailLogin',
  fields: [
    f.tenantId,
    { name: 'account', label: 'monitor.account', search: true },
    {
      name: 'result',
      label: 'monitor.result',
      type: 'select',
      search: true,
      options: { items: LOGIN_RESULTS.map((r) => ({ label: `monitor.resultOf.${r}`, value: r })) },
      render: (v) => <Result value={v} />,
    },
    { name: 'grantType', label: 'monitor.grantType' },
    { name: 'clientId', label: 'monitor.clientId', column: 'optional' },
    f.remoteIp,
    agentField(),
    f.createTime,
  ],
  detailFields: [
    { name: 'id', label: 'monitor.id' },
    { name: 'loginTenant', label: 'monitor.loginTenant' },
    { name: 'userId', label: 'monitor.createBy' },
    { name: 'message', label: 'monitor.resultMessage' },
    { name: 'userAgent', label: 'monitor.userAgent' },
    { name: 'serverHost', label: 'monitor.serverHost' },
  ],
  exact: ['remoteIp'],
  blocks: [],
};

/** /monitor/log/login */
export default function LoginLogPage() {
  return <LogPage screen={loginLogScreen} />;
}
