import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const materialsTypeMessages = defineMessages({
  'warehouse.materialsType.code.exists': {
    'zh-CN': '物资类型编号 {code} 已存在',
    'en-US': 'The material type code {code} already exists',
  },
  'warehouse.materialsType.hasMaterials': {
    'zh-CN': '物资类型下还有物资, 不能删除',
    'en-US': 'The material type still has materials and cannot be removed',
  },
});
