import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  notice: {
    title: ['通知标题', 'Title'],
    category: ['通知类型', 'Category'],
    releaseTime: ['通知时间', 'Release time'],
    content: ['通知内容', 'Content'],
  },
});
