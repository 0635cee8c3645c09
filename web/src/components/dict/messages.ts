import { defineMessages } from '../../app/messages.ts';

// The form messages are spec §5's words.
export default defineMessages({
  dict: {
    code: ['字典编号', 'Code'],
    dictValue: ['字典名称', 'Name'],
    sort: ['字典排序', 'Sort'],
    isSealed: ['封存', 'Sealed'],
    remark: ['字典备注', 'Remark'],
    parentId: ['上级字典', 'Parent'],
    dictKey: ['字典键值', 'Key'],
    codeRequired: ['请输入字典编号', 'Please enter dictionary code'],
    dictValueRequired: ['请输入字典名称', 'Please enter dictionary name'],
    sortRequired: ['请输入字典排序', 'Please enter dictionary sort'],
    isSealedRequired: ['请选择封存', 'Please select whether it is sealed'],
    dictKeyRequired: ['请输入字典键值', 'Please enter dictionary key'],
    items: ['字典配置', 'Items'],
    itemsOf: ['[{{name}}] 字典配置', 'Items of {{name}}'],
    parents: ['字典列表', 'Dictionaries'],
    chooseParent: ['请先选择字典', 'Choose a dictionary first'],
    horizontalTitle: ['字典管理(左右)', 'Dictionaries (side by side)'],
    verticalTitle: ['字典管理(上下)', 'Dictionaries (stacked)'],
  },
});
