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
    // outbound approval (issue 18); handle and detail are the tab labels of its process pages
    approval: {
      title: ['审批', 'Approval'],
      state: ['审批状态', 'Approval'],
      stateOf: {
        pending: ['待审批', 'Awaiting approval'],
        approved: ['已批准', 'Approved'],
        rejected: ['已驳回', 'Rejected'],
        withdrawn: ['已撤回', 'Withdrawn'],
      },
      none: ['无需审批', 'Not needed'],
      handle: ['审批出库申请', 'Approve an outbound request'],
      detail: ['出库申请详情', 'Outbound request details'],
      applyTime: ['申请时间', 'Requested'],
      awaiting: [
        '出库申请已提交, 审批通过后出库',
        'The request waits for approval: the stock moves once it is approved',
      ],
      setting: ['审批设置', 'Approval setting'],
      enabled: ['出库审批', 'Outbound approval'],
      enabledHelp: ['开启后, 超过阈值的出库申请须经流程审批', 'On: requests over the threshold wait for the process'],
      processKey: ['审批流程', 'Approval process'],
      processKeyHelp: [
        '已部署流程的流程标识 (见 流程管理 › 流程管理)',
        'The key of a deployed process (shown in Workflow › Processes)',
      ],
      thresholdKind: ['阈值依据', 'Threshold on'],
      kindOf: { quantity: ['总数量', 'Total quantity'], amount: ['金额', 'Value'] },
      threshold: ['阈值', 'Threshold'],
      thresholdHelp: [
        '总数量 (或按移动平均价估算的金额) 超过此值的申请须审批',
        'Requests whose total quantity (or value at the moving average) is above it wait',
      ],
    },
  },
});
