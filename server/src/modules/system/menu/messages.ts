import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const menuMessages = defineMessages({
  'menu.code.administratorOnly': {
    'zh-CN': '只有超级管理员可以修改菜单编号或类型',
    'en-US': 'Only the platform administrator may change a menu’s code or category',
  },
  'menu.code.required': { 'zh-CN': '请输入菜单编号', 'en-US': 'Please enter menu code' },
  'menu.name.required': { 'zh-CN': '请输入菜单名称', 'en-US': 'Please enter menu name' },
  'menu.category.required': {
    'zh-CN': '请选择菜单类型(1 菜单, 2 按钮)',
    'en-US': 'Please choose the menu type (1 menu, 2 button)',
  },
  'menu.code.exists': { 'zh-CN': '菜单编号 {code} 已存在', 'en-US': 'The menu code {code} already exists' },
  'menu.name.exists': {
    'zh-CN': '同级菜单中已存在名称 {name}',
    'en-US': 'A menu named {name} already exists at this level',
  },
  'menu.parent.notMenu': {
    'zh-CN': '父节点只可选择菜单类型',
    'en-US': 'The parent must be a menu, not a button',
  },
  'menu.button.needsParent': {
    'zh-CN': '按钮必须挂在某个菜单之下',
    'en-US': 'A button must be placed under a menu',
  },
  'menu.category.hasChildren': {
    'zh-CN': '该菜单下还有子节点,不能改为按钮',
    'en-US': 'This menu has child nodes, so it cannot become a button',
  },
});
