import { defineMessages } from '../../platform/i18n/i18n.ts';

/** Messages shared by the warehouse resources: references, quantities and stock. */
export const warehouseMessages = defineMessages({
  'warehouse.code.required': { 'zh-CN': '请输入编号', 'en-US': 'Please enter the code' },
  'warehouse.name.required': { 'zh-CN': '请输入名称', 'en-US': 'Please enter the name' },
  'warehouse.quantity.positive': { 'zh-CN': '数量必须大于 0', 'en-US': 'The quantity must be greater than 0' },
  'warehouse.quantity.nonNegative': { 'zh-CN': '数量不能小于 0', 'en-US': 'The quantity cannot be negative' },
  'warehouse.quantity.invalid': { 'zh-CN': '数量不是有效的数字', 'en-US': 'The quantity is not a number' },
  'warehouse.quantity.decimals': {
    'zh-CN': '数量最多 3 位小数',
    'en-US': 'The quantity has too many decimals: at most 3',
  },
  'warehouse.quantity.tooLarge': {
    'zh-CN': '数量过大: 最大 9999999999999.999',
    'en-US': 'The quantity is too large: at most 9999999999999.999',
  },
  'warehouse.price.invalid': {
    'zh-CN': '单价格式不正确(不小于 0, 最多 4 位小数)',
    'en-US': 'The price is not valid (not negative, at most 4 decimals)',
  },
  'warehouse.items.required': { 'zh-CN': '请至少添加一条物资明细', 'en-US': 'Add at least one material line' },
  'warehouse.device.unknown': { 'zh-CN': '设备 {id} 不存在', 'en-US': 'The device {id} does not exist' },
  'warehouse.device.disabled': { 'zh-CN': '设备 {name} 已停用', 'en-US': 'The device {name} is disabled' },
  'warehouse.material.unknown': { 'zh-CN': '物资 {id} 不存在', 'en-US': 'The material {id} does not exist' },
  'warehouse.material.disabled': { 'zh-CN': '物资 {name} 已停用', 'en-US': 'The material {name} is disabled' },
  'warehouse.materialType.unknown': {
    'zh-CN': '物资类型 {id} 不存在',
    'en-US': 'The material type {id} does not exist',
  },
  'warehouse.provider.unknown': { 'zh-CN': '供应商 {id} 不存在', 'en-US': 'The provider {id} does not exist' },
  'warehouse.person.required': { 'zh-CN': '请选择领用人员', 'en-US': 'Choose the person who takes the materials' },
  'warehouse.person.unknown': { 'zh-CN': '人员 {id} 不存在', 'en-US': 'The person {id} does not exist' },
  'warehouse.user.unknown': { 'zh-CN': '用户 {id} 不存在', 'en-US': 'The user {id} does not exist' },
  'warehouse.dept.unknown': { 'zh-CN': '部门 {id} 不存在', 'en-US': 'The department {id} does not exist' },
  'warehouse.dict.unknown': {
    'zh-CN': '{value} 不是字典 {code} 中的值',
    'en-US': '{value} is not an entry of the dictionary {code}',
  },
  'warehouse.amount.tooLarge': {
    'zh-CN': '金额(数量 × 单价)过大: 最大 9999999999999999.99',
    'en-US': 'The amount (quantity × unit price) is too large: at most 9999999999999999.99',
  },
  'warehouse.total.tooLarge': {
    'zh-CN': '单据合计过大(数量合计最大 9999999999999.999, 金额合计最大 9999999999999999.99)',
    'en-US':
      'The totals of the document are too large (quantity at most 9999999999999.999, amount at most 9999999999999999.99)',
  },
  'warehouse.stock.tooLarge': {
    'zh-CN': '{material} 在 {device} 的库存将超出上限(数量最大 9999999999999.999, 金额最大 9999999999999999.99)',
    'en-US':
      'The stock of {material} at {device} would exceed what it can hold (quantity at most 9999999999999.999, value at most 9999999999999999.99)',
  },
  'warehouse.stock.insufficient': {
    'zh-CN': '库存不足: {material} 在 {device}, 可用 {available}',
    'en-US': 'insufficient stock: {material} at {device}, available {available}',
  },
});
