import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const deliveryMessages = defineMessages({
  'warehouse.delivery.deviceId.required': { 'zh-CN': '请选择出库设备', 'en-US': 'Please choose the device' },
  'warehouse.delivery.posted': {
    'zh-CN': '出库单已出账, 只能修改用途和备注; 如需更正请作废后重新出库',
    'en-US': 'A posted delivery changes only its purpose and remark; cancel it and issue again to correct it',
  },
  'warehouse.delivery.moved': {
    'zh-CN': '出库单 {no} 已出账, 不能删除, 请先作废',
    'en-US': 'The delivery {no} has moved stock and cannot be removed; cancel it first',
  },
  'warehouse.delivery.cancelled': { 'zh-CN': '出库单 {no} 已作废', 'en-US': 'The delivery {no} is already cancelled' },
});
