import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const topMenuMessages = defineMessages({
  'topmenu.code.required': { 'zh-CN': '请输入顶部菜单编号', 'en-US': 'Please enter top menu code' },
  'topmenu.name.required': { 'zh-CN': '请输入顶部菜单名称', 'en-US': 'Please enter top menu name' },
  'topmenu.code.exists': {
    'zh-CN': '顶部菜单编号 {code} 已存在',
    'en-US': 'The top menu code {code} already exists',
  },
  'topmenu.topMenuIds.required': { 'zh-CN': '请选择顶部菜单', 'en-US': 'Please select top menus' },
  'topmenu.grant.unknownMenus': {
    'zh-CN': '以下菜单不存在: {ids}',
    'en-US': 'These menus do not exist: {ids}',
  },
});
