import type { CrudResource } from '../../../platform/crud/resource.ts';
import { scopeHooks } from '../data-scope/scopes.ts';
import { API_SCOPE } from '../scope/grants.ts';
import { apiScopeMessages as m } from './messages.ts';
import { apiScopeInput } from './schema.ts';

/** API-scope rules (blade_scope_api): path prefixes that limit the roles granted them. Platform-wide. */
export const apiScopeResource: CrudResource = {
  table: 'blade_scope_api',
  tenantScoped: false,
  fields: {
    menuId: { column: 'menu_id', kind: 'id' },
    resourceCode: { column: 'resource_code', kind: 'text' },
    scopeName: { column: 'scope_name', kind: 'text' },
    scopePath: { column: 'scope_path', kind: 'text' },
    scopeType: { column: 'scope_type', kind: 'int' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'entity',
  defaultOrder: [
    { field: 'resourceCode', direction: 'asc' },
    { field: 'scopeName', direction: 'asc' },
  ],
  input: apiScopeInput,
  permissions: { read: 'api_scope', add: 'api_scope_setting', edit: 'api_scope_setting', remove: 'api_scope_setting' },
  hooks: scopeHooks({
    category: API_SCOPE,
    typeDictionary: 'api_scope_type',
    menuMissing: m['apiScope.menuId.missing'],
  }),
};
