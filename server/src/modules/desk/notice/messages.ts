import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const noticeMessages = defineMessages({
  'desk.notice.title.required': { 'zh-CN': '请输入通知标题', 'en-US': 'Please enter the title' },
  'desk.notice.category.required': { 'zh-CN': '请选择通知类型', 'en-US': 'Please choose the category' },
  'desk.notice.category.unknown': {
    'zh-CN': '通知类型 {category} 不存在',
    'en-US': 'The notice category {category} does not exist',
  },
  'desk.notice.releaseTime.required': { 'zh-CN': '请选择发布时间', 'en-US': 'Please choose the release time' },
});
