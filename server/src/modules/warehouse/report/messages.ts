import { defineMessages } from '../../../platform/i18n/i18n.ts';

/** Column headers of the report exports, and the words a report shows. */
export const reportMessages = defineMessages({
  'warehouse.report.deviceCode': { 'zh-CN': '设备编号', 'en-US': 'Device code' },
  'warehouse.report.deviceName': { 'zh-CN': '设备', 'en-US': 'Device' },
  'warehouse.report.materialCode': { 'zh-CN': '物资编号', 'en-US': 'Material code' },
  'warehouse.report.materialName': { 'zh-CN': '物资名称', 'en-US': 'Material' },
  'warehouse.report.materialTypeName': { 'zh-CN': '物资类型', 'en-US': 'Material type' },
  'warehouse.report.unitName': { 'zh-CN': '单位', 'en-US': 'Unit' },
  'warehouse.report.specification': { 'zh-CN': '规格', 'en-US': 'Specification' },
  'warehouse.report.quantity': { 'zh-CN': '库存数量', 'en-US': 'Quantity' },
  'warehouse.report.averagePrice': { 'zh-CN': '平均单价', 'en-US': 'Average price' },
  'warehouse.report.amount': { 'zh-CN': '库存金额', 'en-US': 'Value' },
  'warehouse.report.safetyStock': { 'zh-CN': '安全库存', 'en-US': 'Safety stock' },
  'warehouse.report.state': { 'zh-CN': '库存状态', 'en-US': 'State' },
  'warehouse.report.deviceCount': { 'zh-CN': '存放设备数', 'en-US': 'Devices holding it' },
  'warehouse.report.groupCode': { 'zh-CN': '编号', 'en-US': 'Code' },
  'warehouse.report.groupName': { 'zh-CN': '名称', 'en-US': 'Name' },
  'warehouse.report.inQuantity': { 'zh-CN': '入库数量', 'en-US': 'Inbound quantity' },
  'warehouse.report.inAmount': { 'zh-CN': '入库金额', 'en-US': 'Inbound amount' },
  'warehouse.report.outQuantity': { 'zh-CN': '出库数量', 'en-US': 'Outbound quantity' },
  'warehouse.report.outAmount': { 'zh-CN': '出库金额', 'en-US': 'Outbound amount' },
  'warehouse.report.state.ok': { 'zh-CN': '正常', 'en-US': 'OK' },
  'warehouse.report.state.low': { 'zh-CN': '低于安全库存', 'en-US': 'Below safety stock' },
  'warehouse.report.state.out': { 'zh-CN': '缺货', 'en-US': 'Out of stock' },
  'warehouse.report.none': { 'zh-CN': '(未指定)', 'en-US': '(none)' },
  'warehouse.report.noProvider': { 'zh-CN': '无供应商', 'en-US': 'No provider' },
  'warehouse.report.timeRange': {
    'zh-CN': '结束时间不能早于开始时间',
    'en-US': 'The end of the period cannot come before its start',
  },
});
