import type { CrudResource, FieldSpec } from '../crud/types.ts';

export type ScopeKind = 'data' | 'api';

// One button code (…_setting) governs every change of a menu's scopes, and their view.
const settingOnly = (code: string) => ({ add: code, edit: code, delete: code, view: code });

const scopeName: FieldSpec = { name: 'scopeName', label: 'scopes.scopeName', search: true, required: true };
const resourceCode: FieldSpec = { name: 'resourceCode', label: 'scopes.resourceCode', search: true, required: true };
const remark: FieldSpec = { name: 'remark', label: 'scopes.remark', type: 'textarea', column: false };

/** Data scopes (blade_scope_data) of one menu: which rows of its resource a role's lists show. */
const dataScope: CrudResource = {
  api: '/blade-system/data-scope',
  permissions: settingOnly('data_scope_setting'),
  listPath: 'list',
  fields: [
    scopeName,
    resourceCode,
    {
      name: 'scopeColumn',
      label: 'scopes.scopeColumn',
      rules: [{ pattern: /^[a-z_][a-z0-9_]*$/, message: 'scopes.scopeColumnFormat' }],
    },
    {
      name: 'scopeType',
      label: 'scopes.scopeType',
      type: 'select',
      options: { dict: 'data_scope_type' },
      required: true,
    },
    { name: 'scopeField', label: 'scopes.scopeField', initial: '*' },
    { name: 'scopeClass', label: 'scopes.scopeClass', column: false, wide: true },
    { name: 'scopeValue', label: 'scopes.scopeValue', type: 'textarea', help: 'scopes.scopeValueHelp' },
    remark,
  ],
};

/** API scopes (blade_scope_api) of one menu: path prefixes a role granted them is limited to. */
const apiScope: CrudResource = {
  api: '/blade-system/api-scope',
  permissions: settingOnly('api_scope_setting'),
  listPath: 'list',
  fields: [
    scopeName,
    resourceCode,
    {
      name: 'scopePath',
      label: 'scopes.scopePath',
      required: true,
      wide: true,
      rules: [{ pattern: /^\/api\/[^\s?#]*$/, message: 'scopes.scopePathFormat' }],
    },
    { name: 'scopeType', label: 'scopes.apiType', type: 'select', options: { dict: 'api_scope_type' }, required: true },
    remark,
  ],
};

/** Each kind: its resource, the button code that opens it, and its title. */
export const SCOPES: Record<ScopeKind, { resource: CrudResource; permission: string; title: string }> = {
  data: { resource: dataScope, permission: 'data_scope_setting', title: 'scopes.dataTitle' },
  api: { resource: apiScope, permission: 'api_scope_setting', title: 'scopes.apiTitle' },
};
