import { defineMessages } from '../../app/messages.ts';

export default defineMessages({
  richText: {
    bold: ['加粗', 'Bold'],
    italic: ['斜体', 'Italic'],
    underline: ['下划线', 'Underline'],
    insertOrderedList: ['编号列表', 'Numbered list'],
    insertUnorderedList: ['项目符号列表', 'Bulleted list'],
    removeFormat: ['清除格式', 'Clear formatting'],
  },
});
