import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  whNotice: {
    type: ['通知类型', 'Type'],
    level: ['级别', 'Level'],
    levelOf: { '1': ['提示', 'Info'], '2': ['警告', 'Warning'], '3': ['紧急', 'Urgent'] },
    title: ['标题', 'Title'],
    content: ['内容', 'Content'],
    treated: ['处理状态', 'Treated'],
    treatedOf: { '0': ['未处理', 'Untreated'], '1': ['已处理', 'Treated'] },
    handler: ['处理人', 'Handled by'],
    handleTime: ['处理时间', 'Handled at'],
    handleRemark: ['处理说明', 'How it was handled'],
    treat: ['处理', 'Treat'],
    allTreated: ['所选通知均已处理', 'The selected notices are treated already'],
  },
});
