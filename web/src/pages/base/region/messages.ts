import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  region: {
    parentCode: ['上级区划编号', 'Parent code'],
    parentCodeHelp: ['留空为省级区划', 'Leave empty for a province'],
    code: ['区划编号', 'Region code'],
    codeFormat: ['区划编号应为 1 到 12 位数字', 'The region code must be 1 to 12 digits'],
    name: ['区划名称', 'Region name'],
    regionLevel: ['区划等级', 'Level'],
    sort: ['区划排序', 'Sort'],
    remark: ['区划备注', 'Remark'],
    addChild: ['新增下级', 'Add sub-region'],
  },
});
