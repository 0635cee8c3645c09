import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const paramMessages = defineMessages({
  'param.paramName.required': { 'zh-CN': '请输入参数名称', 'en-US': 'Please enter parameter name' },
  'param.paramKey.required': { 'zh-CN': '请输入参数键名', 'en-US': 'Please enter parameter key' },
  'param.paramValue.required': { 'zh-CN': '请输入参数键值', 'en-US': 'Please enter parameter value' },
  'param.paramKey.exists': {
    'zh-CN': '参数键名 {paramKey} 已存在',
    'en-US': 'The parameter key {paramKey} already exists',
  },
});
