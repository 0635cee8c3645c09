import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const refuelMessages = defineMessages({
  'warehouse.refuel.deviceId.required': { 'zh-CN': '请选择入库设备', 'en-US': 'Please choose the device' },
  'warehouse.refuel.posted': {
    'zh-CN': '入库单已入账, 只能修改供应商和备注; 如需更正请作废后重新录入',
    'en-US': 'A posted refuel changes only its provider and remark; cancel it and enter a new one to correct it',
  },
  'warehouse.refuel.moved': {
    'zh-CN': '入库单 {no} 已入账, 不能删除, 请先作废',
    'en-US': 'The refuel {no} has moved stock and cannot be removed; cancel it first',
  },
  'warehouse.refuel.cancelled': { 'zh-CN': '入库单 {no} 已作废', 'en-US': 'The refuel {no} is already cancelled' },
  'warehouse.export.refuelNo': { 'zh-CN': '入库单号', 'en-US': 'Refuel no.' },
  'warehouse.export.refuelTime': { 'zh-CN': '入库时间', 'en-US': 'Refuel time' },
  'warehouse.export.device': { 'zh-CN': '设备', 'en-US': 'Device' },
  'warehouse.export.provider': { 'zh-CN': '供应商', 'en-US': 'Provider' },
  'warehouse.export.materialCode': { 'zh-CN': '物资编号', 'en-US': 'Material code' },
  'warehouse.export.materialName': { 'zh-CN': '物资名称', 'en-US': 'Material' },
  'warehouse.export.unit': { 'zh-CN': '单位', 'en-US': 'Unit' },
  'warehouse.export.quantity': { 'zh-CN': '数量', 'en-US': 'Quantity' },
  'warehouse.export.unitPrice': { 'zh-CN': '单价', 'en-US': 'Unit price' },
  'warehouse.export.amount': { 'zh-CN': '金额', 'en-US': 'Amount' },
  'warehouse.export.batchNo': { 'zh-CN': '批次号', 'en-US': 'Batch no.' },
  'warehouse.export.expiryDate': { 'zh-CN': '有效期', 'en-US': 'Expiry date' },
  'warehouse.export.status': { 'zh-CN': '状态', 'en-US': 'Status' },
  'warehouse.status.completed': { 'zh-CN': '已完成', 'en-US': 'Completed' },
  'warehouse.status.cancelled': { 'zh-CN': '已作废', 'en-US': 'Voided' },
});
