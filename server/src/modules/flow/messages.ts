import { defineMessages } from '../../platform/i18n/i18n.ts';

/** The workflow's messages: expressions, BPMN files, definitions, instances and tasks. */
export const flowMessages = defineMessages({
  'flow.expression.syntax': {
    'zh-CN': '表达式 {expression} 无法解析: {detail}',
    'en-US': 'The expression {expression} cannot be read: {detail}',
  },
  'flow.expression.unsupported': {
    'zh-CN': '表达式 {expression} 含有不支持的 {part}: 只能使用变量、常量、!、比较 (== != < <= > >=)、&& 和 ||',
    'en-US':
      'The expression {expression} holds {part}, which is not supported: only variables, constants, !, comparisons (== != < <= > >=), && and ||',
  },
  'flow.expression.unknownVariable': {
    'zh-CN': '流程变量 {name} 不存在',
    'en-US': 'There is no process variable {name}',
  },
  'flow.expression.notBoolean': {
    'zh-CN': '表达式 {expression} 的结果不是 true 或 false',
    'en-US': 'The expression {expression} is not true or false',
  },
  'flow.expression.notComparable': {
    'zh-CN': '表达式 {expression} 比较的不是两个数字或两段文本',
    'en-US': 'The expression {expression} does not compare two numbers or two texts',
  },
  'flow.bpmn.required': { 'zh-CN': '请选择要部署的 BPMN 文件', 'en-US': 'Choose the BPMN files to deploy' },
  'flow.upload.tooMany': { 'zh-CN': '一次最多部署 {max} 个文件', 'en-US': 'Deploy at most {max} files at once' },
  'flow.bpmn.tooLarge': { 'zh-CN': '{name} 超过 {max}', 'en-US': '{name} is larger than {max}' },
  'flow.bpmn.doctype': {
    'zh-CN': '{name}: 不接受 DOCTYPE 或实体声明',
    'en-US': '{name}: DOCTYPE and entity declarations are not accepted',
  },
  'flow.bpmn.unreadable': {
    'zh-CN': '{name} 不是有效的 BPMN 2.0 XML: {detail}',
    'en-US': '{name} is not valid BPMN 2.0 XML: {detail}',
  },
  'flow.bpmn.noProcess': {
    'zh-CN': '{name} 中没有可执行的流程 (process 需要 isExecutable="true")',
    'en-US': '{name} has no executable process (a process needs isExecutable="true")',
  },
  'flow.bpmn.manyProcesses': {
    'zh-CN': '{name} 中有多个可执行的流程, 每个文件只能部署一个',
    'en-US': '{name} has several executable processes: deploy one per file',
  },
  'flow.bpmn.processId': {
    'zh-CN': '{name}: 流程标识 {id} 无效 (以字母或 _ 开头, 只含字母、数字、_ - ., 最长 64 个字符)',
    'en-US': '{name}: the process id {id} is not valid (a letter or _ first, then letters, digits, _ - ., at most 64)',
  },
  'flow.bpmn.startEvent': {
    'zh-CN': '{name}: 流程需要恰好一个开始事件',
    'en-US': '{name}: the process needs exactly one start event',
  },
  'flow.bpmn.element': {
    'zh-CN':
      '{name}: 元素 {id} ({type}) 不被支持; 只能使用开始事件、结束事件、用户任务、排他网关、并行网关和顺序流 (脚本和服务任务不会执行)',
    'en-US':
      '{name}: the element {id} ({type}) is not supported; use start and end events, user tasks, exclusive and parallel gateways and sequence flows (script and service tasks never run here)',
  },
  'flow.bpmn.feature': {
    'zh-CN': '{name}: 元素 {id} 使用了不被支持的 {feature}',
    'en-US': '{name}: the element {id} uses {feature}, which is not supported',
  },
  'flow.bpmn.script': {
    'zh-CN': '{name}: 顺序流 {id} 的条件是脚本; 脚本不会执行, 请写成表达式, 如 ${days > 3}',
    'en-US':
      '{name}: the condition of {id} is a script; scripts never run here, write an expression such as ${days > 3}',
  },
  'flow.bpmn.expression': {
    'zh-CN': '{name}: 元素 {id} 的 {attribute}: {problem}',
    'en-US': '{name}: {attribute} of the element {id}: {problem}',
  },
  'flow.bpmn.foreignAttribute': {
    'zh-CN':
      '{name}: 用户任务 {id} 的 {attribute} 不会被读取, 请使用 flowable:assignee、flowable:candidateUsers 或 flowable:candidateGroups',
    'en-US':
      '{name}: {attribute} of the user task {id} is not read here; use flowable:assignee, flowable:candidateUsers or flowable:candidateGroups',
  },
  'flow.bpmn.noAssignee': {
    'zh-CN': '{name}: 用户任务 {id} 没有办理人或候选人 (flowable:assignee、candidateUsers 或 candidateGroups)',
    'en-US':
      '{name}: the user task {id} has no assignee or candidates (flowable:assignee, candidateUsers or candidateGroups)',
  },
  'flow.step.failed': { 'zh-CN': '流程无法继续: {detail}', 'en-US': 'The process cannot go on: {detail}' },
  'flow.step.noFlow': {
    'zh-CN': '流程无法继续: {id} 之后没有满足条件的顺序流',
    'en-US': 'The process cannot go on: no sequence flow after {id} meets its condition',
  },
  'flow.step.notWaiting': {
    'zh-CN': '流程当前不在任务 {id} 等待',
    'en-US': 'The process is not waiting at the task {id}',
  },
  'flow.definition.notFound': {
    'zh-CN': '流程定义 {id} 不存在',
    'en-US': 'The process definition {id} does not exist',
  },
  'flow.definition.suspended': {
    'zh-CN': '流程 {name} 已挂起, 不能发起或办理',
    'en-US': 'The process {name} is suspended: it cannot be started or worked on',
  },
  'flow.definition.concurrent': {
    'zh-CN': '流程 {key} 正在同时被部署, 请重试',
    'en-US': 'The process {key} was being deployed at the same moment; try again',
  },
  'flow.deploy.sameKey': {
    'zh-CN': '流程标识 {key} 在这次部署中出现了两次',
    'en-US': 'The process id {key} appears twice in this deployment',
  },
  'flow.deploy.category': { 'zh-CN': '请选择流程分类', 'en-US': 'Choose the process category' },
  'flow.deploy.tenant': { 'zh-CN': '租户 {tenantId} 不存在', 'en-US': 'The tenant {tenantId} does not exist' },
  'flow.deployment.notFound': { 'zh-CN': '部署 {id} 不存在', 'en-US': 'The deployment {id} does not exist' },
  'flow.deployment.running': {
    'zh-CN': '部署 {id} 还有 {count} 个运行中的流程实例, 不能删除; 要一并删除请传 cascade=true',
    'en-US': 'The deployment {id} still has {count} running process instances; pass cascade=true to delete them too',
  },
  'flow.deployment.deleted': { 'zh-CN': '流程部署已删除', 'en-US': 'The deployment was deleted' },
  'flow.state.active': { 'zh-CN': '激活ID为 [{id}] 的流程成功', 'en-US': 'The process [{id}] is active again' },
  'flow.state.suspend': { 'zh-CN': '挂起ID为 [{id}] 的流程成功', 'en-US': 'The process [{id}] is suspended' },
  'flow.state.same': {
    'zh-CN': 'ID为 [{id}] 的流程已是此状态，无需操作',
    'en-US': 'The process [{id}] is already in that state; nothing to do',
  },
  'flow.state.invalid': { 'zh-CN': '状态只能是 active 或 suspend', 'en-US': 'The state is active or suspend' },
  'flow.instance.notFound': { 'zh-CN': '流程实例 {id} 不存在', 'en-US': 'The process instance {id} does not exist' },
  'flow.instance.ended': { 'zh-CN': '流程实例 {id} 已结束', 'en-US': 'The process instance {id} has ended' },
  'flow.instance.suspended': {
    'zh-CN': '流程 {name} 已挂起, 不能办理',
    'en-US': 'The process {name} is suspended: its tasks cannot be worked on',
  },
  'flow.instance.reason.required': { 'zh-CN': '请填写删除原因', 'en-US': 'Give the reason for the deletion' },
  'flow.task.notFound': { 'zh-CN': '任务 {id} 不存在', 'en-US': 'The task {id} does not exist' },
  'flow.task.done': { 'zh-CN': '任务 {name} 已办理', 'en-US': 'The task {name} has already been completed' },
  'flow.task.unclaimed': {
    'zh-CN': '任务 {name} 尚未签收, 请先签收',
    'en-US': 'The task {name} has not been claimed: claim it first',
  },
  'flow.task.notAssignee': {
    'zh-CN': '任务 {name} 由 {user} 办理, 您不能办理',
    'en-US': 'The task {name} is assigned to {user}; you cannot complete it',
  },
  'flow.task.claimed': {
    'zh-CN': '任务 {name} 已被 {user} 签收',
    'en-US': 'The task {name} was already claimed by {user}',
  },
  'flow.task.notCandidate': {
    'zh-CN': '您不是任务 {name} 的候选人, 不能签收',
    'en-US': 'You are not a candidate of the task {name} and cannot claim it',
  },
  'flow.task.claimedOk': { 'zh-CN': '签收事务成功', 'en-US': 'Task claimed' },
  'flow.assignee.unknown': {
    'zh-CN': '任务 {task} 的办理人 {value} 不是本租户的有效用户',
    'en-US': 'The assignee {value} of the task {task} is not an active user of this tenant',
  },
  'flow.candidates.none': {
    'zh-CN': '任务 {task} 没有人能办理: 候选组 {groups} 不是本租户的角色',
    'en-US': 'Nobody can do the task {task}: the candidate groups {groups} are not roles of this tenant',
  },
  'flow.comment.pass': { 'zh-CN': '同意', 'en-US': 'Approved' },
  'flow.comment.reject': { 'zh-CN': '驳回', 'en-US': 'Rejected' },
  'flow.variables.invalid': {
    'zh-CN': '流程变量只能是文本、数字、true/false 或 null, 名称以字母开头',
    'en-US': 'Process variables are texts, numbers, true/false or null, named with a letter first',
  },
  'flow.model.name.required': { 'zh-CN': '请输入模型名称', 'en-US': 'Enter the model name' },
  'flow.model.key.required': { 'zh-CN': '请输入模型标识', 'en-US': 'Enter the model key' },
  'flow.model.key.invalid': {
    'zh-CN': '模型标识以字母或 _ 开头, 只含字母、数字、_ - ., 最长 64 个字符',
    'en-US': 'The model key starts with a letter or _ and holds letters, digits, _ - . (at most 64)',
  },
  'flow.model.key.exists': {
    'zh-CN': '模型标识 {modelKey} 已存在',
    'en-US': 'The model key {modelKey} already exists',
  },
  'flow.model.xml.missing': {
    'zh-CN': '模型 {name} 还没有流程图, 请先设计并保存',
    'en-US': 'The model {name} has no diagram yet: design and save it first',
  },
  'flow.process.which': {
    'zh-CN': '请提供 processInstanceId 或 processDefinitionId',
    'en-US': 'Give processInstanceId or processDefinitionId',
  },
  'flow.step.busy': {
    'zh-CN': '流程在一步中没有停下来, 请检查流程图中的循环',
    'en-US': 'The process did not come to rest within one step: check the diagram for loops',
  },
  'flow.upload.name': {
    'zh-CN': '{name} 不是 .bpmn20.xml 或 .bpmn 文件',
    'en-US': '{name} is not a .bpmn20.xml or .bpmn file',
  },
  'flow.upload.ok': { 'zh-CN': '{name} 可以部署', 'en-US': '{name} can be deployed' },
  'flow.upload.one': {
    'zh-CN': '请选择一个 BPMN 文件(表单字段 file)',
    'en-US': 'Choose one BPMN file (form field "file")',
  },
  'flow.task.inProcess': {
    'zh-CN': '任务 {name} 属于运行中的流程, 不能单独删除; 请在流程跟踪中删除该流程实例',
    'en-US':
      'The task {name} is part of a running process and cannot be deleted alone; delete the process instance in process tracking',
  },
  'flow.diagram.noImage': {
    'zh-CN': '服务器不生成流程图图片; 请以 resourceType=xml 取 BPMN 文件, 或用 model-view 取流程图及其进度',
    'en-US':
      'This server renders no diagram images: ask for resourceType=xml, or model-view for the diagram and its progress',
  },
});
