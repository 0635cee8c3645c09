import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const providerMessages = defineMessages({
  'warehouse.provider.code.exists': {
    'zh-CN': '供应商编号 {code} 已存在',
    'en-US': 'The provider code {code} already exists',
  },
});
