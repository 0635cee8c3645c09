import type { CrudResource } from '../../../platform/crud/resource.ts';
import { assertNotCurrentClient } from './current-client.ts';
import { clientMessages as m } from './messages.ts';
import { clientInput } from './schema.ts';

/**
 * OAuth clients (blade_client): platform-wide, managed by the platform tenant. The declaration has no
 * secret, so list and detail never select it; only the service's writes touch client_secret.
 */
export const clientResource: CrudResource = {
  table: 'blade_client',
  tenantScoped: false,
  platformOnly: true,
  fields: {
    clientId: { column: 'client_id', kind: 'text' },
    scope: { column: 'scope', kind: 'text' },
    resourceIds: { column: 'resource_ids', kind: 'text' },
    authorizedGrantTypes: { column: 'authorized_grant_types', kind: 'text' },
    webServerRedirectUri: { column: 'web_server_redirect_uri', kind: 'text' },
    authorities: { column: 'authorities', kind: 'text' },
    accessTokenValidity: { column: 'access_token_validity', kind: 'int' },
    refreshTokenValidity: { column: 'refresh_token_validity', kind: 'int' },
    additionalInformation: { column: 'additional_information', kind: 'text' },
    autoapprove: { column: 'autoapprove', kind: 'text' },
  },
  filterStyle: 'entity',
  defaultOrder: [{ field: 'clientId', direction: 'asc' }],
  input: clientInput,
  unique: [{ fields: ['clientId'], index: 'blade_client_client_id', message: m['client.clientId.exists'] }],
  permissions: {
    read: ['client', 'client_view'],
    add: 'client_add',
    edit: 'client_edit',
    remove: 'client_delete',
  },
  hooks: { beforeRemove: assertNotCurrentClient },
};

/** The same with the stored secret (its argon2id hash), for the service's inserts and updates only. */
export const clientWriteResource: CrudResource = {
  ...clientResource,
  fields: {
    ...clientResource.fields,
    clientSecret: { column: 'client_secret', kind: 'text', filter: false, sort: false },
  },
};
