import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const materialsCodeMessages = defineMessages({
  'warehouse.materialsCode.code.exists': {
    'zh-CN': '物资编号 {code} 已存在',
    'en-US': 'The material code {code} already exists',
  },
  'warehouse.materialsCode.typeId.required': { 'zh-CN': '请选择物资类型', 'en-US': 'Please choose the material type' },
  'warehouse.materialsCode.maxBelowSafety': {
    'zh-CN': '最大库存不能小于安全库存',
    'en-US': 'The maximum stock cannot be below the safety stock',
  },
  'warehouse.materialsCode.hasMovements': {
    'zh-CN': '物资 {name} 已有库存或出入库记录, 不能删除, 请改为停用',
    'en-US': 'The material {name} has stock or movements and cannot be removed; disable it instead',
  },
});
