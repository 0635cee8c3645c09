import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { postAction } from '../../../components/crud/api.ts';
import type { CrudContext, FieldSpec, Row } from '../../../components/crud/types.ts';
import { useConfirmAction } from '../../../components/crud/use-confirm-action.ts';
import { agentField, requestFields as f } from '../../../components/log/fields.tsx';
import { LogPage, type LogScreen } from '../../../components/log/LogPage.tsx';

const LOGOUT = 'online_logout';

const fields: FieldSpec[] = [
  f.tenantId,
  { name: 'account', label: 'monitor.account', search: true },
  { name: 'userName', label: 'monitor.userName', search: true },
  { name: 'clientId', label: 'monitor.clientId', search: true },
  f.remoteIp,
  agentField(),
  { name: 'loginTime', label: 'monitor.loginTime', type: 'datetime' },
  { name: 'lastRefresh', label: 'monitor.lastRefresh', type: 'datetime' },
];

/** What the sessions' screen shows (在线用户, beyond BladeX); its actions are added by the page. */
export const onlineScreen: LogScreen = {
  api: '/blade-log/online',
  viewCode: 'online_view',
  title: 'monitor.detailOnline',
  fields,
  detailFields: [
    { name: 'id', label: 'monitor.sessionId' },
    { name: 'userAgent', label: 'monitor.userAgent' },
    { name: 'expiresAt', label: 'monitor.expiresAt', type: 'datetime' },
  ],
  exact: ['remoteIp'],
  blocks: [],
  timeRange: { from: 'loginTime_datege', to: 'loginTime_datelt' },
};

/** /monitor/online: the live sessions, and 强退 (ends them at once on every server). */
export default function OnlinePage() {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const screen = useMemo<LogScreen>(() => {
    const forceLogout = (rows: Row[], ctx: CrudContext) =>
      confirm({
        title: t('monitor.forceLogout'),
        content: t('monitor.confirmForceLogout'),
        danger: true,
        call: () => postAction('/blade-log/online/logout', { ids: rows.map((r) => String(r.id)).join(',') }),
        success: t('monitor.forcedOut'),
        after: ctx.reload,
      });
    return {
      ...onlineScreen,
      toolbar: [
        {
          label: 'monitor.forceLogout',
          permission: LOGOUT,
          danger: true,
          needsSelection: true,
          onClick: (ctx) => forceLogout(ctx.selected, ctx),
        },
      ],
      rowActions: [
        { label: 'monitor.forceLogout', permission: LOGOUT, onClick: (row, ctx) => forceLogout([row], ctx) },
      ],
    };
  }, [confirm, t]);
  return <LogPage screen={screen} />;
}
