import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const regionMessages = defineMessages({
  'region.code.required': { 'zh-CN': '请输入区划编号', 'en-US': 'Please enter region code' },
  'region.code.format': {
    'zh-CN': '区划编号应为 1 到 12 位数字, 且不能是根编号 00',
    'en-US': 'The region code must be 1 to 12 digits, and not the root code 00',
  },
  'region.code.exists': {
    'zh-CN': '区划编号 {code} 已存在',
    'en-US': 'The region code {code} already exists',
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
  'region.excel.sheet': { 'zh-CN': '行政区划表', 'en-US': 'Regions' },
  'region.excel.code': { 'zh-CN': '区划编号', 'en-US': 'Region code' },
  'region.excel.parentCode': { 'zh-CN': '父区划编号', 'en-US': 'Parent code' },
  'region.excel.ancestors': { 'zh-CN': '祖区划编号', 'en-US': 'Ancestors' },
  'region.excel.name': { 'zh-CN': '区划名称', 'en-US': 'Region name' },
  'region.excel.provinceCode': { 'zh-CN': '省级区划编号', 'en-US': 'Province code' },
  'region.excel.provinceName': { 'zh-CN': '省级名称', 'en-US': 'Province name' },
  'region.excel.cityCode': { 'zh-CN': '市级区划编号', 'en-US': 'City code' },
  'region.excel.cityName': { 'zh-CN': '市级名称', 'en-US': 'City name' },
  'region.excel.districtCode': { 'zh-CN': '区级区划编号', 'en-US': 'District code' },
  'region.excel.districtName': { 'zh-CN': '区级名称', 'en-US': 'District name' },
  'region.excel.townCode': { 'zh-CN': '镇级区划编号', 'en-US': 'Town code' },
  'region.excel.townName': { 'zh-CN': '镇级名称', 'en-US': 'Town name' },
  'region.excel.villageCode': { 'zh-CN': '村级区划编号', 'en-US': 'Village code' },
  'region.excel.villageName': { 'zh-CN': '村级名称', 'en-US': 'Village name' },
  'region.excel.regionLevel': { 'zh-CN': '层级', 'en-US': 'Level' },
  'region.excel.sort': { 'zh-CN': '排序', 'en-US': 'Sort' },
  'region.excel.remark': { 'zh-CN': '备注', 'en-US': 'Remark' },
});
