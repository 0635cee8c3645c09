import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';

/** Only what a GitHub-style provider needs: its three URLs and which user-info fields say who signed in. */
const oauth2Only = { column: false as const, help: 'social.oauth2Help' };
const field = (name: string, placeholder: string) => ({
  name,
  max: 64,
  label: `social.${name}`,
  column: false as const,
  help: `social.fieldHelp.${placeholder}`,
});

export const socialResource: CrudResource = {
  api: '/blade-system/social-provider',
  permissions: 'social',
  fields: [
    {
      name: 'tenantId',
      label: 'social.tenantId',
      type: 'select',
      required: 'social.tenantIdRequired',
      search: true,
      options: { url: '/blade-system/tenant/select', label: ['tenantId', 'tenantName'], value: 'tenantId' },
    },
    {
      name: 'source',
      max: 16,
      label: 'social.source',
      required: 'social.sourceRequired',
      search: true,
      help: 'social.sourceHelp',
      rules: [{ pattern: /^[a-z0-9_-]+$/, message: 'social.sourceInvalid' }],
    },
    { name: 'name', max: 64, label: 'social.name', required: 'social.nameRequired' },
    {
      name: 'type',
      label: 'social.type',
      type: 'radio',
      required: true,
      column: false,
      initial: 'oidc',
      options: {
        items: [
          { label: 'social.types.oidc', value: 'oidc' },
          { label: 'social.types.oauth2', value: 'oauth2' },
        ],
      },
    },
    { name: 'issuer', max: 500, label: 'social.issuer', column: false, wide: true, help: 'social.issuerHelp' },
    { name: 'authorizeUrl', max: 500, label: 'social.authorizeUrl', wide: true, ...oauth2Only },
    { name: 'tokenUrl', max: 500, label: 'social.tokenUrl', wide: true, ...oauth2Only },
    { name: 'userinfoUrl', max: 500, label: 'social.userinfoUrl', wide: true, ...oauth2Only },
    field('userIdField', 'id'),
    field('usernameField', 'login'),
    field('nicknameField', 'name'),
    field('avatarField', 'avatar'),
    field('emailField', 'email'),
    { name: 'clientId', max: 255, label: 'social.clientId', required: 'social.clientIdRequired' },
    {
      name: 'clientSecret',
      label: 'social.clientSecret',
      type: 'password',
      keepOnEdit: true,
      column: false,
      help: 'social.clientSecretHelp',
      rules: [{ max: 500, message: 'social.clientSecretLength' }],
    },
    { name: 'scopes', max: 255, label: 'social.scopes', column: false, help: 'social.scopesHelp' },
    { name: 'pkce', label: 'social.pkce', type: 'switch', column: false, initial: 1, help: 'social.pkceHelp' },
    {
      name: 'redirectUri',
      max: 500,
      label: 'social.redirectUri',
      column: false,
      wide: true,
      help: 'social.redirectUriHelp',
    },
    { name: 'enabled', label: 'social.enabled', type: 'switch', initial: 1 },
    { name: 'sort', label: 'social.sort', type: 'number', initial: 0, column: false },
    { name: 'remark', max: 255, label: 'social.remark', type: 'textarea', column: false, wide: true },
  ],
};

/**
 * /system/social: the tenants' third-party sign-in providers (platform administrators only). The client
 * secret is written, never shown again; a blank one keeps the stored secret.
 */
export default function SocialProviderPage() {
  return <CrudPage resource={socialResource} />;
}
