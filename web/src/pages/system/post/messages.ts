import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  post: {
    category: ['岗位类型', 'Category'],
    postCode: ['岗位编号', 'Post code'],
    postName: ['岗位名称', 'Post name'],
    sort: ['岗位排序', 'Sort'],
    remark: ['岗位描述', 'Description'],
    codeTooLong: ['岗位编号最多12个字符', 'The post code has at most 12 characters'],
  },
});
