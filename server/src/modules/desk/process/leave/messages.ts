import { defineMessages } from '../../../../platform/i18n/i18n.ts';

export const leaveMessages = defineMessages({
  'desk.leave.processDefinitionId.required': { 'zh-CN': '请选择请假流程', 'en-US': 'Choose the leave process' },
  'desk.leave.startTime.required': { 'zh-CN': '请选择开始时间', 'en-US': 'Choose the start time' },
  'desk.leave.endTime.required': { 'zh-CN': '请选择结束时间', 'en-US': 'Choose the end time' },
  'desk.leave.endBeforeStart': {
    'zh-CN': '结束时间必须晚于开始时间',
    'en-US': 'The end time must be after the start time',
  },
  'desk.leave.reason.required': { 'zh-CN': '请输入请假理由', 'en-US': 'Enter the reason' },
  'desk.leave.taskUser.required': { 'zh-CN': '请选择审批人', 'en-US': 'Choose the approver' },
  'desk.leave.taskUser.unknown': {
    'zh-CN': '审批人 {id} 不是本租户的有效用户',
    'en-US': 'The approver {id} is not an active user of this tenant',
  },
});
