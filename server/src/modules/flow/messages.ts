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
  'flow.expression.unknownVariable': { 'zh-CN': '流程变量 {name} 不存在', 'en-US': 'There is no process variable {name}' },
  'flow.expression.notBoolean': {
    'zh-CN': '表达式 {expression} 的结果不是 true 或 false',
    'en-US': 'The expression {expression} is not true or false',
  },
  'flow.expression.notComparable': {
    'zh-CN': '表达式 {expression} 比较的不是两个数字或两段文本',
    'en-US': 'The expression {expression} does not compare two numbers or two texts',
  },
  'flow.bpmn.required': { 'zh-CN': '请选择要部署的 BPMN 文件', 'en-US': 'Choose the BPMN files to deploy' },
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
    'en-US': '{name}: the condition of {id} is a script; scripts never run here, write an expression such as ${days > 3}',
  },
  'flow.bpmn.expression': {
    'zh-CN': '{name}: 元素 {id} 的 {attribute}: {problem}',
    'en-US': '{name}: {attribute} of the element {id}: {problem}',
  },
  'flow.bpmn.foreignAttribute': {
    'zh-CN': '{name}: 用户任务 {id} 的 {attribute} 不会被读取, 请使用 flowable:assignee、flowable:candidateUsers 或 flowable:candidateGroups',
    'en-US':
      '{name}: {attribute} of the user task {id} is not read here; use flowable:assignee, flowable:candidateUsers or flowable:candidateGroups',
  },
  'flow.bpmn.noAssignee': {
    'zh-CN': '{name}: 用户任务 {id} 没有办理人或候选人 (flowable:assignee、candidateUsers 或 candidateGroups)',
    'en-US': '{name}: the user task {id} has no assignee or candidates (flowable:assignee, candidateUsers or candidateGroups)',
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
  'flow.step.busy': {
    'zh-CN': '流程在一步中没有停下来, 请检查流程图中的循环',
    'en-US': 'The process did not come to rest within one step: check the diagram for loops',
  },
});
