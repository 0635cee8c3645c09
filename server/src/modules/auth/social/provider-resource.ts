import { sql } from 'kysely';
import type { Sealer } from '../../../platform/auth/sealed-secrets.ts';
import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { findTenant } from '../../system/tenant/service.ts';
import { socialMessages as m } from './messages.ts';
import { providerInput } from './schema.ts';

/** Whether the provider holds a client secret (no answer ever says which). */
async function hasSavedSecret(trx: AnyTrx, id: string): Promise<boolean> {
  const { rows } = await sql`select 1 from blade_social_provider
    where id = ${id} and client_secret is not null`.execute(trx);
  return rows.length > 0;
}

/** The rules of a provider as it will be stored: each type's endpoints, and a secret. */
function requireTypeFields(values: Record<string, unknown>, hasSecret: boolean): void {
  if (values.type === 'oidc' && !values.issuer) throw badRequest(m['social.issuer.required']);
  if (values.type === 'oauth2' && !(values.authorizeUrl && values.tokenUrl && values.userinfoUrl)) {
    throw badRequest(m['social.endpoints.required']);
  }
  if (!hasSecret) throw badRequest(m['social.clientSecret.required']);
}

/**
 * Third-party sign-in providers (blade_social_provider): platform-wide rows, each serving one tenant,
 * kept by the platform tenant's administrators only. The client secret is sealed, written and never
 * read back; an update without one keeps the old.
 */
export const providerResource = (sealer: Sealer): CrudResource => ({
  table: 'blade_social_provider',
  tenantScoped: false,
  platformOnly: true,
  fields: {
    tenantId: { column: 'tenant_id', kind: 'text' },
    source: { column: 'source', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    type: { column: 'type', kind: 'text' },
    issuer: { column: 'issuer', kind: 'text' },
    authorizeUrl: { column: 'authorize_url', kind: 'text' },
    tokenUrl: { column: 'token_url', kind: 'text' },
    userinfoUrl: { column: 'userinfo_url', kind: 'text' },
    userIdField: { column: 'user_id_field', kind: 'text' },
    usernameField: { column: 'username_field', kind: 'text' },
    nicknameField: { column: 'nickname_field', kind: 'text' },
    avatarField: { column: 'avatar_field', kind: 'text' },
    emailField: { column: 'email_field', kind: 'text' },
    clientId: { column: 'client_id', kind: 'text' },
    clientSecret: { column: 'client_secret', kind: 'text', writeOnly: true },
    scopes: { column: 'scopes', kind: 'text' },
    pkce: { column: 'pkce', kind: 'int' },
    redirectUri: { column: 'redirect_uri', kind: 'text' },
    enabled: { column: 'enabled', kind: 'int' },
    sort: { column: 'sort', kind: 'int' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'entity',
  defaultOrder: [
    { field: 'tenantId', direction: 'asc' },
    { field: 'sort', direction: 'asc' },
  ],
  input: providerInput,
  unique: [
    { fields: ['tenantId', 'source'], index: 'blade_social_provider_source', message: m['social.source.exists'] },
  ],
  permissions: {
    read: ['social', 'social_view'],
    add: 'social_add',
    edit: 'social_edit',
    remove: 'social_delete',
  },
  hooks: {
    async beforeSave(trx, _caller, values, existing) {
      const merged = { ...existing, ...values };
      if (values.tenantId && !(await findTenant(trx, String(values.tenantId)))) {
        throw badRequest(m['social.tenant.unknown'], { tenantId: values.tenantId });
      }
      const hasSecret =
        Boolean(values.clientSecret) || (existing ? await hasSavedSecret(trx, String(existing.id)) : false);
      requireTypeFields(merged, hasSecret);
      if (values.clientSecret) values.clientSecret = sealer.seal(String(values.clientSecret));
    },
  },
});
