import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const qrMessages = defineMessages({
  'warehouse.qr.content.required': { 'zh-CN': '请提供二维码内容', 'en-US': 'Give the content of the QR code' },
  'warehouse.qr.content.tooLong': {
    'zh-CN': '二维码内容过长: 最多 {max} 字节(汉字每字 3 字节)',
    'en-US': 'The QR code content is too long: at most {max} bytes (a Chinese character takes 3)',
  },
});
