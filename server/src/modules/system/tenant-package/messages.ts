import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const tenantPackageMessages = defineMessages({
  'tenantPackage.packageName.required': { 'zh-CN': '请输入产品包名称', 'en-US': 'Please enter package name' },
  'tenantPackage.menuId.required': { 'zh-CN': '请选择菜单', 'en-US': 'Please select menu' },
  'tenantPackage.menuId.invalid': {
    'zh-CN': '菜单编号格式不正确: {ids}',
    'en-US': 'These menu ids are not valid: {ids}',
  },
  'tenantPackage.menuId.tooLong': {
    'zh-CN': '所选菜单过多,菜单编号合计不能超过 100000 个字符',
    'en-US': 'Too many menus selected: the menu ids may take at most 100000 characters',
  },
  'tenantPackage.menuId.unknown': {
    'zh-CN': '以下菜单不存在: {ids}',
    'en-US': 'These menus do not exist: {ids}',
  },
  'tenantPackage.remove.inUse': {
    'zh-CN': '产品包 {packageName} 正被租户 {tenants} 使用,不能删除',
    'en-US': 'The package {packageName} is used by tenant {tenants} and cannot be removed',
  },
});
