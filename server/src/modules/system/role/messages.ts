import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const roleMessages = defineMessages({
  'role.roleName.required': { 'zh-CN': '请输入角色名称', 'en-US': 'Please enter role name' },
  'role.roleAlias.required': { 'zh-CN': '请输入角色别名', 'en-US': 'Please enter role alias' },
  'role.roleAlias.exists': {
    'zh-CN': '角色别名 {roleAlias} 已存在',
    'en-US': 'The role alias {roleAlias} already exists',
  },
  'role.administrator.reserved': {
    'zh-CN': '只有平台超级管理员可以创建或修改超管角色',
    'en-US': 'Only the platform administrator may create or change the administrator role',
  },
  'role.remove.hasChildren': {
    'zh-CN': '请先删除子角色: {roles}',
    'en-US': 'Remove the child roles first: {roles}',
  },
  'role.remove.inUse': {
    'zh-CN': '以下角色仍有用户使用,不能删除: {roles}',
    'en-US': 'These roles are still held by users and cannot be removed: {roles}',
  },
  'role.parent.lacksMenus': {
    'zh-CN': '上级角色「{parent}」没有这些菜单,不能授予其下级角色「{role}」: {menus}',
    'en-US': 'The parent role "{parent}" lacks these menus, so its child role "{role}" cannot hold them: {menus}',
  },
  'role.roleIds.required': { 'zh-CN': '请选择要授权的角色', 'en-US': 'Please select the roles to grant' },
  'role.grant.administrator': {
    'zh-CN': '只有平台超级管理员可以为超管角色授权',
    'en-US': 'Only the platform administrator may grant to the administrator role',
  },
  'role.grant.admin': {
    'zh-CN': '只有管理员可以为管理员角色授权',
    'en-US': 'Only an administrator may grant to the admin role',
  },
  'role.beyond': {
    'zh-CN': '角色「{roles}」的权限超出您的权限,您不能操作',
    'en-US': 'The role "{roles}" holds more than you do: you cannot act on it',
  },
  'role.grant.unknownMenus': { 'zh-CN': '以下菜单不存在: {ids}', 'en-US': 'These menus do not exist: {ids}' },
  'role.grant.unknownScopes': {
    'zh-CN': '以下权限规则不存在: {ids}',
    'en-US': 'These scope rules do not exist: {ids}',
  },
  'role.grant.notGrantable': {
    'zh-CN': '您不能授予自己没有的权限: {names}',
    'en-US': 'You cannot grant what you do not hold yourself: {names}',
  },
});
