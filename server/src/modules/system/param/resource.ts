import type { CrudResource } from '../../../platform/crud/resource.ts';
import { paramMessages as m } from './messages.ts';
import { paramInput } from './schema.ts';

/** System parameters: platform-wide settings (not per tenant), edited by those holding the param buttons. */
export const paramResource: CrudResource = {
  table: 'blade_param',
  tenantScoped: false,
  platformOnly: true,
  fields: {
    paramName: { column: 'param_name', kind: 'text' },
    paramKey: { column: 'param_key', kind: 'text' },
    paramValue: { column: 'param_value', kind: 'text' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'paramKey', direction: 'asc' }],
  input: paramInput,
  unique: [{ fields: ['paramKey'], index: 'blade_param_key', message: m['param.paramKey.exists'] }],
  permissions: {
    read: ['param', 'param_view'],
    add: 'param_add',
    edit: 'param_edit',
    remove: 'param_delete',
  },
};
