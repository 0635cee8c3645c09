import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const deptMessages = defineMessages({
  'dept.deptName.required': { 'zh-CN': '请输入部门名称', 'en-US': 'Please enter dept name' },
  'dept.parent.missing': {
    'zh-CN': '上级部门不存在或已删除',
    'en-US': 'The parent dept does not exist or has been removed',
  },
  'dept.parent.cycle': {
    'zh-CN': '上级部门不能是部门自身或其下级部门',
    'en-US': 'A dept cannot be placed under itself or one of its sub-depts',
  },
  'dept.remove.hasChildren': {
    'zh-CN': '请先删除子部门: {names}',
    'en-US': 'Remove the sub-depts first: {names}',
  },
  'dept.remove.hasUsers': {
    'zh-CN': '部门下还有用户,不能删除: {names}',
    'en-US': 'These depts still have users and cannot be removed: {names}',
  },
});
