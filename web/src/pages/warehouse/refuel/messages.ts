import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  refuel: {
    refuelNo: ['入库单号', 'Inbound no.'],
    refuelTime: ['入库时间', 'Received'],
    export: ['导出明细', 'Export lines'],
  },
});
