import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const regionMessages = defineMessages({
  'region.code.required': { 'zh-CN': '请输入区划编号', 'en-US': 'Please enter region code' },
  'region.code.format': {
    'zh-CN': '区划编号应为 1 到 12 位数字, 且不能是根编号 00',
    'en-US': 'The region code must be 1 to 12 digits, and not the root code 00',
  },
  'region.name.required': { 'zh-CN': '请输入区划名称', 'en-US': 'Please enter region name' },
  'region.parent.missing': {
    'zh-CN': '上级区划 {parentCode} 不存在',
    'en-US': 'The parent region {parentCode} does not exist',
  },
  'region.parent.cycle': {
    'zh-CN': '上级区划不能是区划自身或其下级',
    'en-US': 'A region cannot be placed under itself or one of its sub-regions',
  },
  'region.level.tooDeep': {
    'zh-CN': '区划最多五级(省、市、区县、乡镇、村)',
    'en-US': 'Regions have at most five levels (province, city, district, town, village)',
  },
});
