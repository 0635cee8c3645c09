import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  materialsType: {
    name: ['类型名称', 'Type name'],
    code: ['类型编号', 'Type code'],
  },
});
