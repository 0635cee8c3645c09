import { defineMessages } from '../../../platform/i18n/i18n.ts';

/** Messages of the dictionary forms and rules; business dictionaries (dict-biz) use the same ones. */
export const dictMessages = defineMessages({
  'dict.code.required': { 'zh-CN': '请输入字典编号', 'en-US': 'Please enter dictionary code' },
  'dict.dictValue.required': { 'zh-CN': '请输入字典名称', 'en-US': 'Please enter dictionary name' },
  'dict.sort.required': { 'zh-CN': '请输入字典排序', 'en-US': 'Please enter dictionary sort' },
  'dict.isSealed.required': { 'zh-CN': '请选择封存', 'en-US': 'Please select whether it is sealed' },
  'dict.dictKey.required': { 'zh-CN': '请输入字典键值', 'en-US': 'Please enter dictionary key' },
  'dict.code.exists': {
    'zh-CN': '字典编号 {code} 已存在',
    'en-US': 'The dictionary code {code} already exists',
  },
  'dict.dictKey.exists': {
    'zh-CN': '字典 {code} 中已有键值 {dictKey}',
    'en-US': 'The dictionary {code} already has the key {dictKey}',
  },
  'dict.parentId.levelFixed': {
    'zh-CN': '字典不能改为字典项,字典项也不能改为字典',
    'en-US': 'A dictionary cannot become an item, nor an item a dictionary',
  },
  'dict.parentId.otherDictionary': {
    'zh-CN': '字典项只能移到本字典之内',
    'en-US': 'An item can only move within its own dictionary',
  },
  'dict.parentId.required': { 'zh-CN': '请选择字典', 'en-US': 'Please select a dictionary' },
});
