import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const apiScopeMessages = defineMessages({
  'apiScope.menuId.required': { 'zh-CN': '请选择所属菜单', 'en-US': 'Please select a menu' },
  'apiScope.menuId.missing': { 'zh-CN': '所选菜单不存在', 'en-US': 'The selected menu does not exist' },
  'apiScope.resourceCode.required': { 'zh-CN': '请输入资源编号', 'en-US': 'Please enter resource code' },
  'apiScope.scopeName.required': { 'zh-CN': '请输入接口权限名称', 'en-US': 'Please enter API scope name' },
  'apiScope.scopePath.required': { 'zh-CN': '请输入接口地址', 'en-US': 'Please enter the API path' },
  'apiScope.scopePath.invalid': {
    'zh-CN': '接口地址须以 /api/ 开头,且不含空白、? 或 #',
    'en-US': 'The API path must start with /api/ and contain no spaces, ? or #',
  },
  'apiScope.scopeType.required': {
    'zh-CN': '请选择接口类型(1 系统接口,2 业务接口)',
    'en-US': 'Please select an API type (1 system, 2 business)',
  },
});
