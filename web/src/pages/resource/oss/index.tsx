import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { postAction } from '../../../components/crud/api.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, Row } from '../../../components/crud/types.ts';
import { useConfirmAction } from '../../../components/crud/use-confirm-action.ts';
import { StateTag } from '../../../components/warehouse/fields.tsx';

const API = '/blade-resource/oss';
/** The `oss` dictionary's local-disk key: no address, bucket or keys. */
const LOCAL = '5';
const ENABLED = 2;

export const ossResource: CrudResource = {
  api: API,
  permissions: 'oss',
  fields: [
    {
      name: 'category',
      label: 'oss.category',
      type: 'select',
      options: { dict: 'oss' },
      numeric: true,
      required: true,
      search: true,
      initial: '1',
    },
    { name: 'ossCode', max: 32, label: 'oss.ossCode', required: true, search: true },
    { name: 'endpoint', max: 255, label: 'oss.endpoint', wide: true, help: 'oss.endpointHelp' },
    { name: 'bucketName', max: 63, label: 'oss.bucketName' },
    { name: 'accessKey', max: 255, label: 'oss.accessKey', column: 'optional' },
    {
      name: 'secretKey',
      max: 500,
      label: 'oss.secretKey',
      type: 'password',
      keepOnEdit: true,
      column: false,
      help: 'oss.secretKeyHelp',
    },
    { name: 'region', max: 64, label: 'oss.region', column: 'optional', help: 'oss.regionHelp' },
    { name: 'appId', max: 255, label: 'oss.appId', column: false },
    { name: 'remark', max: 255, label: 'oss.remark', type: 'textarea', column: false },
    {
      name: 'status',
      label: 'oss.status',
      form: false,
      render: (v) => <StateTag value={v} prefix="oss.statusOf" colors={{ '1': 'default', '2': 'green' }} />,
    },
  ],
};

const isEnabled = (row: Row) => Number(row.status) === ENABLED;

/** What `oss/test` takes of a row: its saved fields and id (the server adds the saved secret). */
const testBody = (row: Row) => ({
  id: row.id,
  category: Number(row.category),
  endpoint: row.endpoint ?? null,
  bucketName: row.bucketName ?? null,
  accessKey: row.accessKey ?? null,
  region: row.region ?? null,
});

/**
 * /resource/oss, 对象存储: a tenant's storage configurations. One is enabled at a time (its status
 * says 已启用): new uploads go there, older files stay readable where they were written. A
 * configuration's connection is tested from its row before it is enabled.
 */
export default function OssPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const resource = useMemo<CrudResource>(
    () => ({
      ...ossResource,
      rowActions: [
        {
          label: 'oss.enable',
          permission: 'oss_enable',
          visible: (row) => !isEnabled(row),
          onClick: (row, { reload }) =>
            confirm({
              content: t('oss.enableConfirm', { code: row.ossCode }),
              call: () => postAction(`${API}/enable`, { id: row.id }),
              success: t('oss.enabled', { code: row.ossCode }),
              after: reload,
            }),
        },
        {
          label: 'oss.test',
          permission: 'oss_edit',
          visible: (row) => String(row.category) !== LOCAL,
          onClick: (row) => {
            const done = message.loading(t('oss.testing', { code: row.ossCode }), 0);
            // The server says what worked, or what failed (the address, the keys, the bucket).
            postAction(`${API}/test`, {}, testBody(row))
              .then((answer) => void message.success(answer.msg || t('crud.done')))
              .catch(() => undefined) // the client has shown why
              .finally(done);
          },
        },
      ],
    }),
    [t, message, confirm],
  );
  return <CrudPage resource={resource} />;
}
