import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  delivery: {
    deliveryNo: ['出库单号', 'Outbound no.'],
    purpose: ['用途', 'Purpose'],
    source: ['来源', 'Source'],
    sourceOf: { web: ['后台', 'Back office'], kiosk: ['终端', 'Kiosk'] },
    applyTime: ['出库时间', 'Issued'],
    statusOf: {
      '1': ['已完成', 'Completed'],
      '2': ['已作废', 'Voided'],
      '3': ['待审批', 'Awaiting approval'],
      '4': ['已驳回', 'Rejected'],
    },
    // outbound approval (issue 18): the tab labels of its process pages, needed before those load; the
    // rest of its words come with the workflow's (components/flow/area-messages.ts)
    approval: {
      handle: ['审批出库申请', 'Approve an outbound request'],
      detail: ['出库申请详情', 'Outbound request details'],
    },
  },
});
