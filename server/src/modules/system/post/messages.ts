import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const postMessages = defineMessages({
  'post.postCode.required': { 'zh-CN': '请输入岗位编号', 'en-US': 'Please enter post code' },
  'post.postName.required': { 'zh-CN': '请输入岗位名称', 'en-US': 'Please enter post name' },
  'post.postCode.exists': {
    'zh-CN': '岗位编号 {postCode} 已存在',
    'en-US': 'The post code {postCode} already exists',
  },
});
