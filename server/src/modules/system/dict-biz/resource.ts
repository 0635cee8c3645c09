import type { DictionaryResource } from '../dict/resource.ts';

/** Business dictionaries: each tenant has its own copy (made when the tenant is created) and edits it. */
export const dictBizResource: DictionaryResource = {
  table: 'blade_dict_biz',
  tenantScoped: true,
  uniqueIndex: 'blade_dict_biz_code_key',
  prefix: '/api/blade-system/dict-biz',
  tag: 'system/dict-biz',
  platformWrites: false,
  permissions: {
    read: ['dictbiz', 'dictbiz_view'],
    add: 'dictbiz_add',
    edit: 'dictbiz_edit',
    remove: 'dictbiz_delete',
  },
};
