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
  'warehouse.delivery.rejected': {
    'zh-CN': '出库申请 {no} 已被驳回, 无需作废',
    'en-US': 'The outbound request {no} was rejected; there is nothing to cancel',
  },
  'warehouse.delivery.withdrawn': { 'zh-CN': '申请人撤回出库申请', 'en-US': 'Withdrawn by the requester' },
  'warehouse.delivery.awaiting': {
    'zh-CN': '出库申请已提交, 等待审批, 审批通过后出库',
    'en-US': 'The outbound request waits for approval: the stock moves once it is approved',
  },
  'warehouse.approval.processKey.required': {
    'zh-CN': '开启出库审批时请选择审批流程',
    'en-US': 'Choose the approval process to switch outbound approval on',
  },
  'warehouse.approval.process.unknown': {
    'zh-CN': '流程 {key} 未部署',
    'en-US': 'No process {key} is deployed',
  },
  'warehouse.approval.threshold.invalid': {
    'zh-CN': '阈值不能小于 0, 最多 3 位小数',
    'en-US': 'The threshold is not negative and has at most 3 decimals',
  },
});
