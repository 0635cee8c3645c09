import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  param: {
    paramName: ['参数名称', 'Parameter name'],
    paramKey: ['参数键名', 'Parameter key'],
    paramValue: ['参数键值', 'Parameter value'],
    remark: ['备注', 'Remark'],
    // spec §5, word for word
    paramNameRequired: ['请输入参数名称', 'Please enter parameter name'],
    paramKeyRequired: ['请输入参数键名', 'Please enter parameter key'],
    paramValueRequired: ['请输入参数键值', 'Please enter parameter value'],
  },
});
