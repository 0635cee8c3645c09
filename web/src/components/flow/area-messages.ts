import { addAreaMessages } from '../../app/area-messages.ts';
import { defineMessages } from '../../app/messages.ts';

/**
 * The workflow's words (its screens, the designer, the leave pages; their tab labels and the menu
 * are in the core catalogues), loaded with its first page (app/area-messages.ts). Flow modules that
 * pages start from import this file.
 */
export const flowMessages = defineMessages({
  flow: {
    category: ['流程分类', 'Category'],
    tenantId: ['租户ID', 'Tenant ID'],
    processName: ['流程名称', 'Process'],
    processKey: ['流程标识', 'Process key'],
    version: ['流程版本', 'Version'],
    state: ['状态', 'State'],
    stateOf: { '1': ['激活', 'Active'], '2': ['挂起', 'Suspended'] },
    deploymentTime: ['部署时间', 'Deployed'],
    diagram: {
      title: ['流程图', 'Flow chart'],
      unreadable: ['流程图无法显示', 'The flow chart cannot be shown'],
    },
    history: {
      title: ['流转记录', 'History'],
      none: ['暂无记录', 'Nothing yet'],
      took: ['用时 {{time}}', 'took {{time}}'],
      underWay: ['办理中', 'under way'],
      comment: ['意见：{{comment}}', 'Comment: {{comment}}'],
    },
    decision: {
      comment: ['审批意见', 'Comment'],
      commentHelp: ['驳回或关闭时必填', 'Required to reject or close'],
      commentRequired: ['请填写审批意见', 'Please enter a comment'],
      pass: ['同意', 'Approve'],
      reject: ['驳回', 'Reject'],
    },
    work: {
      start: ['发起', 'Start'],
      claim: ['签收', 'Claim'],
      handle: ['办理', 'Handle'],
      detail: ['详情', 'Details'],
      follow: ['跟踪', 'Track'],
      step: ['当前步骤', 'Current step'],
      doneStep: ['办理步骤', 'Step'],
      finished: ['执行状态', 'Progress'],
      finishedOf: { finished: ['已完成', 'Finished'], unfinished: ['进行中', 'Under way'] },
      createTime: ['创建时间', 'Created'],
      startTime: ['发起时间', 'Started'],
      doneTime: ['办结时间', 'Done'],
      confirmClaim: ['确定签收「{{name}}」?', 'Claim "{{name}}"?'],
      claimed: ['签收事务成功', 'Claimed'],
      noScreen: ['此类流程没有办理页面', 'This kind of process has no page of its own'],
    },
    model: {
      name: ['模型名称', 'Model name'],
      modelKey: ['模型标识', 'Model key'],
      description: ['模型描述', 'Description'],
      lastUpdated: ['更新时间', 'Updated'],
      nameRequired: ['请输入模型名称', 'Please enter model name'],
      keyRequired: ['请输入模型标识', 'Please enter model key'],
      create: ['新建模型', 'New model'],
      design: ['设计', 'Design'],
      deploy: ['部署', 'Deploy'],
      download: ['下载', 'Download'],
      import: ['导入', 'Import'],
      exportXml: ['导出 XML', 'Export XML'],
      exportSvg: ['导出 SVG', 'Export SVG'],
      imported: ['已导入 {{name}}', 'Imported {{name}}'],
      importFailed: ['文件无法读取为流程图：{{reason}}', 'The file cannot be read as a diagram: {{reason}}'],
      discard: ['放弃未保存的修改?', 'Discard the changes not saved?'],
      loading: ['正在加载设计器', 'Loading the designer'],
    },
    element: {
      panel: ['元素属性', 'Element properties'],
      chooseOne: [
        '选择画布上的元素以编辑其属性；流程的名称和标识即模型的名称和标识。',
        'Choose an element on the canvas to edit its properties; the process takes the model’s name and key.',
      ],
      id: ['元素标识', 'Element ID'],
      name: ['名称', 'Name'],
      assignee: ['办理人', 'Assignee'],
      assigneeHelp: [
        '固定用户 taskUser_用户ID，或流程变量，如 ${taskUser}、${applyUser}',
        'A user (taskUser_<user ID>) or a process variable, e.g. ${taskUser}, ${applyUser}',
      ],
      candidateUsers: ['候选用户', 'Candidate users'],
      candidateUsersHelp: [
        '可签收此任务的用户：taskUser_用户ID，回车添加',
        'Users who may claim it: taskUser_<user ID>, Enter adds one',
      ],
      candidateGroups: ['候选组', 'Candidate groups'],
      candidateGroupsHelp: [
        '可签收此任务的角色（角色别名），回车添加',
        'Roles whose members may claim it (role alias), Enter adds one',
      ],
      initiator: ['发起人变量', 'Starter variable'],
      initiatorHelp: [
        '保存发起人的流程变量名，如 applyUser',
        'The process variable that keeps who started it, e.g. applyUser',
      ],
      condition: ['流转条件', 'Condition'],
      conditionHelp: [
        '流程变量的表达式，如 ${days > 3}、${pass}、${!pass}',
        'An expression on process variables, e.g. ${days > 3}, ${pass}, ${!pass}',
      ],
      branches: ['分支条件', 'Branches'],
      conditionTo: ['流向「{{target}}」的条件', 'Condition to "{{target}}"'],
      idRequired: ['请输入元素标识', 'Please enter element ID'],
      idPattern: [
        '以字母或下划线开头，只含字母、数字、下划线、连字符和点',
        'Starts with a letter or underscore; letters, digits, underscores, hyphens and dots only',
      ],
      idTaken: ['流程图中已有此标识', 'Another element has this ID'],
    },
    elementType: {
      StartEvent: ['开始事件', 'Start event'],
      EndEvent: ['结束事件', 'End event'],
      UserTask: ['用户任务', 'User task'],
      Task: ['任务', 'Task'],
      ExclusiveGateway: ['排他网关', 'Exclusive gateway'],
      ParallelGateway: ['并行网关', 'Parallel gateway'],
      SequenceFlow: ['顺序流', 'Sequence flow'],
    },
    deploy: {
      tenants: ['租户', 'Tenants'],
      tenantsHelp: ['部署到这些租户，各得一份定义', 'Each tenant chosen gets its own definition'],
      files: ['流程文件', 'Process files'],
      filesHelp: [
        'BPMN 2.0 文件（.bpmn 或 .bpmn20.xml），每个不超过 1 MB',
        'BPMN 2.0 files (.bpmn or .bpmn20.xml), 1 MB each at most',
      ],
      filesRequired: ['请选择流程文件', 'Please choose process files'],
      drop: ['点击或拖入文件', 'Click or drop files here'],
      submit: ['部署', 'Deploy'],
      done: ['已部署 {{count}} 个文件', 'Deployed {{count}} file(s)'],
    },
    manager: {
      changeState: ['变更状态', 'Change state'],
      confirmSuspend: [
        '挂起「{{name}}」? 挂起后不能发起，其流程实例也不能办理。',
        'Suspend "{{name}}"? It cannot be started, nor its instances moved.',
      ],
      confirmActivate: ['激活「{{name}}」?', 'Activate "{{name}}"?'],
      delete: ['删除部署', 'Delete the deployment'],
      cascade: ['同时结束运行中的流程', 'End its running processes too'],
      cascadeHelp: [
        '有运行中的流程时，不选则不删除；选中则先结束它们（其记录保留）',
        'With processes still running it is refused unless they end with it (their history stays)',
      ],
    },
    follow: {
      instanceId: ['流程实例ID', 'Instance ID'],
      startUser: ['发起人', 'Started by'],
      reason: ['删除原因', 'Reason'],
      delete: ['删除流程实例', 'Delete the process instance'],
    },
  },
  // outbound approval's words on the delivery screen and the approver's page (its tab labels are the delivery screen's)
  delivery: {
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
  // the leave pages' own words (their tab labels, leave.form/.handle/.detail, are in the core catalogues)
  leave: {
    applicant: ['申请人', 'Applicant'],
    applyTime: ['申请时间', 'Applied'],
    approver: ['审批人', 'Approver'],
    startTime: ['开始时间', 'From'],
    endTime: ['结束时间', 'To'],
    endAfterStart: ['结束时间须晚于开始时间', 'The end must come after the start'],
    reason: ['请假理由', 'Reason'],
    days: ['请假天数', 'Days'],
    // whole days, as the process counts them (3 days 20 hours is 3)
    daysOf: ['{{count}} 天', '{{count}} day(s)'],
    started: ['请假申请已提交', 'The leave request is sent'],
    resubmit: ['重新申请', 'Resubmit'],
    close: ['关闭申请', 'Close the request'],
  },
});

addAreaMessages(flowMessages);

export default flowMessages;
