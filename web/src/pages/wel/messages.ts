import { defineMessages } from '../../app/messages.ts';

export default defineMessages({
  wel: {
    notices: {
      title: ['最新通知', 'Latest notices'],
      none: ['暂无通知', 'No notices yet'],
    },
    figure: {
      stockValue: ['库存总金额', 'Stock value'],
      belowSafetyStock: ['低于安全库存', 'Below safety stock'],
      todayInQuantity: ['今日入库数量', 'Inbound today'],
      todayOutQuantity: ['今日出库数量', 'Outbound today'],
      untreatedNotices: ['未处理通知', 'Untreated notices'],
    },
  },
});
