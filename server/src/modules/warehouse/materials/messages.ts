import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const materialsMessages = defineMessages({
  'warehouse.stocktake.reason.required': {
    'zh-CN': '请填写盘点调整原因',
    'en-US': 'Please give the reason of the stocktake adjustment',
  },
});
