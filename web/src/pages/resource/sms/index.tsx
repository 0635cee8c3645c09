import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudApi, getData, postAction, rowsOf } from '../../../components/crud/api.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, Row } from '../../../components/crud/types.ts';
import { useConfirmAction } from '../../../components/crud/use-confirm-action.ts';
import { StateTag } from '../../../components/warehouse/fields.tsx';
import { SMS_API } from './api.ts';
import { SendTestDialog } from './SendTestDialog.tsx';

const ENABLED = 2;

export const smsResource: CrudResource = {
  api: SMS_API,
  permissions: 'sms',
  fields: [
    {
      name: 'category',
      label: 'sms.category',
      type: 'select',
      options: { dict: 'sms' },
      numeric: true,
      search: true,
      required: true,
      initial: '3',
    },
    {
      name: 'smsCode',
      max: 32,
      label: 'sms.smsCode',
      search: true,
      required: true,
      help: 'sms.smsCodeHelp',
      rules: [{ pattern: /^[\w-]+$/, message: 'sms.smsCodeFormat' }],
    },
    { name: 'templateId', max: 64, label: 'sms.templateId', search: true, required: true },
    { name: 'accessKey', max: 255, label: 'sms.accessKey', column: 'optional', help: 'sms.accessKeyHelp' },
    {
      name: 'secretKey',
      max: 500,
      label: 'sms.secretKey',
      type: 'password',
      required: true,
      keepOnEdit: true,
      column: false,
      help: 'sms.secretKeyHelp',
    },
    { name: 'signName', max: 64, label: 'sms.signName' },
    { name: 'regionId', max: 32, label: 'sms.regionId', column: 'optional' },
    { name: 'appId', max: 64, label: 'sms.appId', column: 'optional', help: 'sms.appIdHelp' },
    {
      name: 'endpoint',
      max: 255,
      label: 'sms.endpoint',
      column: false,
      wide: true,
      help: 'sms.endpointHelp',
      rules: [{ pattern: /^https?:\/\/[^\s/?#]+\/?$/i, message: 'sms.endpointFormat' }],
    },
    {
      name: 'status',
      label: 'sms.status',
      form: false,
      render: (v) => <StateTag value={v} prefix="sms.statusOf" colors={{ '2': 'green', '1': 'default' }} />,
    },
    { name: 'remark', max: 255, label: 'sms.remark', type: 'textarea', column: false },
  ],
};

const ENABLED_KEY = ['sms-enabled'];

/** Which configuration the tenant's sends use now, said above the table. */
function ActiveConfig() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ENABLED_KEY,
    queryFn: () => getData<unknown>(`${SMS_API}/list`, { status: ENABLED, size: 1 }).then(rowsOf),
  });
  if (!data) return null;
  const active = data[0];
  const message = active
    ? t('sms.active', { code: active.smsCode, category: t(`dictionary.sms.${String(active.category)}`) })
    : t('sms.noneActive');
  return <Alert type={active ? 'success' : 'info'} showIcon title={message} data-testid="sms-active" />;
}

/** /resource/sms: the tenant's SMS configurations, the one enabled, and a test send. */
export default function SmsPage() {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<Row | null>(null);
  const resource = useMemo<CrudResource>(() => {
    // an edit or a removal may change which configuration is enabled: the note above the table follows
    const standard = crudApi(smsResource);
    const refreshed =
      <A extends unknown[]>(call: (...args: A) => Promise<unknown>) =>
      async (...args: A) => {
        const answer = await call(...args);
        await queryClient.invalidateQueries({ queryKey: ENABLED_KEY });
        return answer;
      };
    return {
      ...smsResource,
      calls: { submit: refreshed(standard.submit), remove: refreshed(standard.remove) },
      rowActions: [
        {
          label: 'sms.enable',
          permission: 'sms_enable',
          visible: (row) => Number(row.status) !== ENABLED,
          onClick: (row, { reload }) =>
            confirm({
              content: t('sms.enableConfirm', { code: row.smsCode }),
              call: () => postAction(`${SMS_API}/enable`, { id: row.id }),
              success: false, // the note above the table names the enabled one
              after: () => {
                reload();
                void queryClient.invalidateQueries({ queryKey: ENABLED_KEY });
              },
            }),
        },
        { label: 'sms.send', permission: 'sms_send', onClick: (row) => setSending(row) },
      ],
    };
  }, [t, confirm, queryClient]);
  return (
    <>
      <CrudPage resource={resource} extra={<ActiveConfig />} />
      {sending && <SendTestDialog config={sending} onClose={() => setSending(null)} />}
    </>
  );
}
