import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import { SecretOnceDialog } from '../../../components/crud/SecretOnceDialog.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';

const GRANT_TYPES = [
  'password',
  'refresh_token',
  'captcha',
  'authorization_code',
  'social',
  'client_credentials',
  'implicit',
];

export const clientResource: CrudResource = {
  api: '/blade-system/client',
  permissions: 'client',
  fields: [
    { name: 'clientId', max: 48, label: 'client.clientId', search: true, required: true, lockOnEdit: true },
    {
      name: 'clientSecret',
      label: 'client.clientSecret',
      type: 'password',
      keepOnEdit: true,
      column: false,
      help: 'client.secretHelp',
      rules: [{ min: 8, max: 128, message: 'client.secretLength' }],
    },
    { name: 'scope', max: 256, label: 'client.scope', initial: 'all' },
    {
      name: 'authorizedGrantTypes',
      label: 'client.grantTypes',
      type: 'select',
      multiple: true,
      required: true,
      wide: true,
      options: { items: GRANT_TYPES.map((g) => ({ label: `client.grant.${g}`, value: g })) },
      initial: ['password', 'refresh_token'],
    },
    { name: 'accessTokenValidity', label: 'client.accessTokenValidity', type: 'number', required: true, initial: 3600 },
    {
      name: 'refreshTokenValidity',
      label: 'client.refreshTokenValidity',
      type: 'number',
      required: true,
      initial: 604800,
    },
    {
      name: 'webServerRedirectUri',
      max: 256,
      label: 'client.redirectUri',
      column: false,
      wide: true,
      help: 'client.redirectUriHelp',
    },
    { name: 'resourceIds', max: 256, label: 'client.resourceIds', column: false },
    { name: 'authorities', max: 256, label: 'client.authorities', column: false },
    { name: 'autoapprove', max: 256, label: 'client.autoapprove', column: false },
    {
      name: 'additionalInformation',
      max: 4096,
      label: 'client.additionalInformation',
      type: 'textarea',
      column: false,
    },
  ],
};

/** /system/client: OAuth clients. A secret drawn or replaced is shown once, here, and never again. */
export default function ClientPage() {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<{ clientId: string; secret: string } | null>(null);
  const resource = useMemo<CrudResource>(
    () => ({
      ...clientResource,
      afterSave: (saved) => {
        if (typeof saved.clientSecret === 'string')
          setSecret({ clientId: String(saved.clientId), secret: saved.clientSecret });
      },
    }),
    [],
  );
  return (
    <>
      <CrudPage resource={resource} />
      <SecretOnceDialog
        secret={secret?.secret ?? null}
        title={t('client.secretTitle', { clientId: secret?.clientId })}
        onClose={() => setSecret(null)}
      >
        <p>{t('client.secretOnce')}</p>
      </SecretOnceDialog>
    </>
  );
}
