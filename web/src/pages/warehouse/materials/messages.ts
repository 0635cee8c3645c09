import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  stock: {
    materialCode: ['物资编号', 'Material code'],
    materialName: ['物资名称', 'Material'],
    safetyStock: ['安全库存', 'Safety stock'],
    averagePrice: ['平均单价', 'Average price'],
    state: ['库存状态', 'State'],
    stateOf: { ok: ['正常', 'OK'], low: ['不足', 'Low'], out: ['缺货', 'Out'] },
    lastInTime: ['最近入库', 'Last in'],
    lastOutTime: ['最近出库', 'Last out'],
    stocktake: ['盘点', 'Stocktake'],
    stocktakeOf: ['库存盘点', 'Stocktake'],
    countedQuantity: ['实盘数量', 'Counted quantity'],
    reason: ['调整原因', 'Reason'],
    history: ['出入库记录', 'Movements'],
    historyOf: ['{{material}} 在 {{device}} 的出入库记录', 'Movements of {{material}} at {{device}}'],
    movementTime: ['时间', 'Time'],
    kind: ['类型', 'Kind'],
    kindOf: {
      in: ['入库', 'In'],
      out: ['出库', 'Out'],
      adjust: ['盘点调整', 'Adjustment'],
      cancel: ['作废冲回', 'Void (reversal)'],
    },
    balanceAfter: ['结存', 'Balance'],
    source: ['来源', 'Source'],
    sourceOf: { refuel: ['入库单', 'Inbound'], delivery: ['出库单', 'Outbound'], stocktake: ['盘点', 'Stocktake'] },
  },
});
