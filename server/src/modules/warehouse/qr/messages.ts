import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const qrMessages = defineMessages({
  'warehouse.qr.content.required': { 'zh-CN': '请提供二维码内容', 'en-US': 'Give the content of the QR code' },
});
