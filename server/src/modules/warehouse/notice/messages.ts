import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const noticeMessages = defineMessages({
  'warehouse.notice.type.required': { 'zh-CN': '请选择通知类型', 'en-US': 'Please choose the notice type' },
  'warehouse.notice.title.required': { 'zh-CN': '请输入通知标题', 'en-US': 'Please enter the title' },
  'warehouse.notice.duplicate': {
    'zh-CN': '该设备和物资已有一条未处理的同类通知',
    'en-US': 'An untreated notice of this kind already exists for this device and material',
  },
  'warehouse.notice.treated': { 'zh-CN': '通知 {title} 已处理', 'en-US': 'The notice {title} is already treated' },
});
