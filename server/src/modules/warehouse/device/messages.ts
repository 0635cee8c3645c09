import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const deviceMessages = defineMessages({
  'warehouse.device.code.exists': {
    'zh-CN': '设备编号 {code} 已存在',
    'en-US': 'The device code {code} already exists',
  },
  'warehouse.device.type.required': { 'zh-CN': '请选择设备类型', 'en-US': 'Please choose the device type' },
  'warehouse.device.hasStock': {
    'zh-CN': '设备 {name} 已有库存或出入库记录, 不能删除, 请改为停用',
    'en-US': 'The device {name} has stock or movements and cannot be removed; disable it instead',
  },
});
