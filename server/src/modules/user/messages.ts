import { defineMessages } from '../../platform/i18n/i18n.ts';

export const userMessages = defineMessages({
  'user.account.required': { 'zh-CN': '请输入账号', 'en-US': 'Please enter the account' },
  'user.approve.notPending': {
    'zh-CN': '以下用户不是待审核用户: {ids}',
    'en-US': 'These users are not awaiting approval: {ids}',
  },
  'user.account.exists': { 'zh-CN': '当前用户 [{account}] 已存在!', 'en-US': 'The account {account} already exists' },
  'user.name.required': { 'zh-CN': '请输入用户昵称', 'en-US': 'Please enter the nickname' },
  'user.realName.required': { 'zh-CN': '请输入用户姓名', 'en-US': 'Please enter the name' },
  'user.roleId.required': { 'zh-CN': '请选择所属角色', 'en-US': 'Please choose a role' },
  'user.deptId.required': { 'zh-CN': '请选择所属部门', 'en-US': 'Please choose a department' },
  'user.password.required': { 'zh-CN': '请输入密码', 'en-US': 'Please enter the password' },
  'user.password.mismatch': { 'zh-CN': '两次密码输入不一致', 'en-US': 'The two passwords do not match' },
  'user.password.wrongOld': { 'zh-CN': '原密码不正确', 'en-US': 'The old password is wrong' },
  'user.phone.length': { 'zh-CN': '手机号码长度不为11位', 'en-US': 'The phone number must have 11 digits' },
  'user.phone.format': { 'zh-CN': '手机号码格式不正确', 'en-US': 'The phone number is not valid' },
  'user.quota.full': {
    'zh-CN': '当前租户已到最大账号额度!',
    'en-US': 'The tenant has reached its maximum number of accounts',
  },
  'user.unknownRoles': { 'zh-CN': '角色不存在: {ids}', 'en-US': 'These roles do not exist: {ids}' },
  'user.unknownDepts': { 'zh-CN': '部门不存在: {ids}', 'en-US': 'These departments do not exist: {ids}' },
  'user.unknownPosts': { 'zh-CN': '岗位不存在: {ids}', 'en-US': 'These posts do not exist: {ids}' },
  'user.roles.self': { 'zh-CN': '不能修改自己的角色', 'en-US': 'You cannot change your own roles' },
  'user.roles.beyond': {
    'zh-CN': '不能分配超出自身权限的角色',
    'en-US': 'You cannot give a role that holds more than you do',
  },
  'user.target.beyond': {
    'zh-CN': '用户 {accounts} 拥有超出您权限的角色,您不能操作',
    'en-US': 'The user {accounts} holds a role above yours: you cannot act on them',
  },
  'user.password.useReset': {
    'zh-CN': '修改他人密码请使用重置密码',
    'en-US': 'Use reset password to change another user’s password',
  },
  'user.removeSelf': { 'zh-CN': '不能删除当前登录用户', 'en-US': 'You cannot remove yourself' },
  'user.register.closed': {
    'zh-CN': '该租户未开放注册',
    'en-US': 'Registration is not open in this tenant',
  },
});
