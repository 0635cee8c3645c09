import { defineMessages } from '../../app/messages.ts';

export default defineMessages({
  wel: {
    figure: {
      stockValue: ['库存总金额', 'Stock value'],
      belowSafetyStock: ['低于安全库存', 'Below safety stock'],
      todayInQuantity: ['今日入库数量', 'Inbound today'],
      todayOutQuantity: ['今日出库数量', 'Outbound today'],
      untreatedNotices: ['未处理通知', 'Untreated notices'],
    },
  },
});
