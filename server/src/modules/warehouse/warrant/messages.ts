import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const warrantMessages = defineMessages({
  'warehouse.warrant.personId.required': { 'zh-CN': '请选择授权人员', 'en-US': 'Please choose the person' },
  'warehouse.warrant.scope.required': {
    'zh-CN': '请选择授权的物资类型或物资',
    'en-US': 'Choose the material type or the material the warrant covers',
  },
  'warehouse.warrant.validRange': {
    'zh-CN': '有效期结束时间不能早于开始时间',
    'en-US': 'The warrant cannot end before it starts',
  },
  'warehouse.warrant.dayAboveMonth': {
    'zh-CN': '每日上限不能大于每月上限',
    'en-US': 'The daily limit cannot be above the monthly limit',
  },
  'warehouse.warrant.none': {
    'zh-CN': '{person} 没有领用 {material} 的授权',
    'en-US': '{person} has no warrant for {material}',
  },
  'warehouse.warrant.disabled': {
    'zh-CN': '{person} 领用 {material} 的授权已停用',
    'en-US': 'The warrant of {person} for {material} is disabled',
  },
  'warehouse.warrant.notValid': {
    'zh-CN': '{person} 领用 {material} 的授权不在有效期内',
    'en-US': 'The warrant of {person} for {material} is not valid now',
  },
  'warehouse.warrant.dayLimit': {
    'zh-CN': '超出每日领用上限: {material} 每日最多 {limit}, 今日已领 {used}',
    'en-US': 'Daily limit exceeded: {material} at most {limit} a day, {used} taken today',
  },
  'warehouse.warrant.monthLimit': {
    'zh-CN': '超出每月领用上限: {material} 每月最多 {limit}, 本月已领 {used}',
    'en-US': 'Monthly limit exceeded: {material} at most {limit} a month, {used} taken this month',
  },
});
