import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { DATA_SCOPE } from '../scope/grants.ts';
import { dataScopeMessages as m } from './messages.ts';
import { dataScopeInput, isFilterConditions } from './schema.ts';
import { scopeHooks } from './scopes.ts';

const CUSTOM = 5;

/** Data-scope rules (blade_scope_data): which rows of a resource a role's lists show. Platform-wide. */
export const dataScopeResource: CrudResource = {
  table: 'blade_scope_data',
  tenantScoped: false,
  fields: {
    menuId: { column: 'menu_id', kind: 'id' },
    resourceCode: { column: 'resource_code', kind: 'text' },
    scopeName: { column: 'scope_name', kind: 'text' },
    scopeField: { column: 'scope_field', kind: 'text' },
    scopeClass: { column: 'scope_class', kind: 'text' },
    scopeColumn: { column: 'scope_column', kind: 'text' },
    scopeType: { column: 'scope_type', kind: 'int' },
    scopeValue: { column: 'scope_value', kind: 'text' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'entity',
  defaultOrder: [
    { field: 'resourceCode', direction: 'asc' },
    { field: 'scopeName', direction: 'asc' },
  ],
  input: dataScopeInput,
  permissions: {
    read: 'data_scope',
    add: 'data_scope_setting',
    edit: 'data_scope_setting',
    remove: 'data_scope_setting',
  },
  hooks: scopeHooks({
    category: DATA_SCOPE,
    typeDictionary: 'data_scope_type',
    menuMissing: m['dataScope.menuId.missing'],
    check(record) {
      const value = record.scopeValue;
      if (record.scopeType === CUSTOM && !(typeof value === 'string' && isFilterConditions(value))) {
        throw badRequest(m['dataScope.scopeValue.invalid']);
      }
    },
  }),
};
