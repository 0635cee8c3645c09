import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  warrant: {
    personRequired: ['请选择授权人员', 'Please choose the person'],
    deviceHelp: ['留空表示所有设备; 含下级设备', 'Empty: every device; takes in the devices below'],
    scopeHelp: ['物资类型与物资至少选择一项', 'Choose a material type, a material, or both'],
    maxPerDay: ['每日上限', 'Daily limit'],
    maxPerMonth: ['每月上限', 'Monthly limit'],
    dayAboveMonth: ['每日上限不能大于每月上限', 'The daily limit cannot be above the monthly limit'],
    noLimitHelp: ['留空表示不限', 'Empty: no limit'],
    validFrom: ['生效时间', 'Valid from'],
    validTo: ['失效时间', 'Valid to'],
    enabled: ['启用状态', 'Enabled'],
    enable: ['启用', 'Enable'],
    disable: ['停用', 'Disable'],
  },
});
