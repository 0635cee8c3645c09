import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  dept: {
    deptName: ['机构名称', 'Name'],
    fullName: ['机构全称', 'Full name'],
    parentId: ['上级机构', 'Parent'],
    parentHelp: ['不选则为顶级机构', 'Leave empty for a top-level department'],
    deptCategory: ['机构类型', 'Category'],
    sort: ['排序', 'Sort'],
    remark: ['备注', 'Remark'],
    addChild: ['新增子项', 'Add child'],
    tooLong45: ['最多45个字符', 'At most 45 characters'],
    tooLong255: ['最多255个字符', 'At most 255 characters'],
  },
});
