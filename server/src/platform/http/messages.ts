import { defineMessages } from '../i18n/i18n.ts';

/** The platform's part of the error catalogue: every message the HTTP layer itself can answer. */
export const platformMessages = defineMessages({
  'ok.success': { 'zh-CN': '操作成功', 'en-US': 'Operation successful' },
  'ok.noData': { 'zh-CN': '暂无承载数据', 'en-US': 'No data' },
  'error.badRequest': { 'zh-CN': '请求参数不正确', 'en-US': 'The request is not valid' },
  'error.badJson': { 'zh-CN': '请求体不是有效的 JSON', 'en-US': 'The request body is not valid JSON' },
  'error.emptyJsonBody': {
    'zh-CN': '请求体为空，但声明了 JSON 类型',
    'en-US': 'The request body is empty but declared as JSON',
  },
  'error.unsupportedMediaType': {
    'zh-CN': '不支持的请求内容类型: {type}',
    'en-US': 'Unsupported content type: {type}',
  },
  'error.validation.field': { 'zh-CN': '{field}: {problem}', 'en-US': '{field}: {problem}' },
  'error.validation.required': { 'zh-CN': '缺少必填项', 'en-US': 'is required' },
  'error.validation.type': { 'zh-CN': '应为{expected}', 'en-US': 'must be a {expected}' },
  'error.validation.invalid': { 'zh-CN': '格式不正确', 'en-US': 'is not valid' },
  'error.validation.tooLong': { 'zh-CN': '长度不能超过 {max}', 'en-US': 'must be at most {max} characters' },
  'error.validation.tooSmall': { 'zh-CN': '不能小于 {min}', 'en-US': 'must be at least {min}' },
  'error.validation.tooBig': { 'zh-CN': '不能大于 {max}', 'en-US': 'must be at most {max}' },
  'error.validation.nul': { 'zh-CN': '不能包含空字符 (NUL)', 'en-US': 'must not contain a NUL character' },
  'error.validation.date': {
    'zh-CN': '不是有效的日期 (yyyy-MM-dd HH:mm:ss)',
    'en-US': 'is not a valid date (yyyy-MM-dd HH:mm:ss)',
  },
  'error.validation.dateRange': {
    'zh-CN': '应在 {min} 至 {max} 之间',
    'en-US': 'must be between {min} and {max}',
  },
  'error.validation.outOfRange': {
    'zh-CN': '数值超出范围',
    'en-US': 'is out of range',
  },
  'error.badValue': {
    'zh-CN': '请求中有超出范围或格式不正确的值',
    'en-US': 'The request holds a value that is out of range or not valid',
  },
  'error.conflict.concurrent': {
    'zh-CN': '数据正被其他操作同时修改,本次未保存,请重试',
    'en-US': 'Another change was made to the same data at the same time; nothing was saved, please try again',
  },
  'error.conflict.duplicate': {
    'zh-CN': '已存在相同的唯一值,本次未保存',
    'en-US': 'A record with the same unique value already exists; nothing was saved',
  },
  'error.validation.unknownKeys': { 'zh-CN': '包含未知字段 {keys}', 'en-US': 'has unknown fields {keys}' },
  'error.sortColumn': {
    'zh-CN': '不支持按 {column} 排序',
    'en-US': 'Sorting by {column} is not supported',
  },
  'error.save.idGiven': {
    'zh-CN': '新增时不能指定编号(id);修改记录请使用 update 或 submit',
    'en-US': 'save only adds a record and takes no id; use update or submit to change a record',
  },
  'error.ids': { 'zh-CN': '请提供要操作的记录编号', 'en-US': 'Give the ids of the records' },
  'error.unauthorized.missing': { 'zh-CN': '缺失令牌,鉴权失败', 'en-US': 'Missing token, authentication failed' },
  'error.unauthorized.invalid': {
    'zh-CN': '令牌已失效,请重新登录',
    'en-US': 'The token is invalid or expired, please sign in again',
  },
  'error.forbidden': {
    'zh-CN': '没有权限执行该操作',
    'en-US': 'You do not have permission to do this',
  },
  'error.notFound.route': { 'zh-CN': '接口不存在: {method} {path}', 'en-US': 'No such endpoint: {method} {path}' },
  'error.notFound.record': { 'zh-CN': '记录不存在', 'en-US': 'The record does not exist' },
  'error.notFound.records': {
    'zh-CN': '以下记录不存在或无权操作: {ids}',
    'en-US': 'These records do not exist or are not yours: {ids}',
  },
  'error.tree.hasChildren': { 'zh-CN': '请先删除子节点!', 'en-US': 'Remove its child nodes first' },
  'error.tree.parentMissing': { 'zh-CN': '上级节点不存在', 'en-US': 'The parent node does not exist' },
  'error.tree.cycle': {
    'zh-CN': '上级节点不能是自身或其下级',
    'en-US': 'A node cannot be placed under itself or its descendants',
  },
  'error.remove.referenced': {
    'zh-CN': '{name} 正被{what}使用,不能删除',
    'en-US': '{name} is still used by {what} and cannot be deleted',
  },
  'refs.refuel': { 'zh-CN': '入库单', 'en-US': 'refuels' },
  'refs.delivery': { 'zh-CN': '出库单', 'en-US': 'deliveries' },
  'refs.warrant': { 'zh-CN': '领用授权', 'en-US': 'warrants' },
  'refs.material': { 'zh-CN': '物资', 'en-US': 'materials' },
  'refs.user': { 'zh-CN': '用户', 'en-US': 'users' },
  'error.urlTooLong': { 'zh-CN': '请求地址中的参数过长', 'en-US': 'A parameter in the address is too long' },
  'error.tooLarge': { 'zh-CN': '请求内容过大', 'en-US': 'The request is too large' },
  'error.tooMany': { 'zh-CN': '请求过于频繁,请稍后再试', 'en-US': 'Too many requests, please try again later' },
  'error.internal': {
    'zh-CN': '服务器内部错误,错误编号 {errorId}',
    'en-US': 'Internal server error, error id {errorId}',
  },
  'error.unavailable': { 'zh-CN': '服务暂不可用', 'en-US': 'The service is unavailable' },
  'error.unavailable.database': {
    'zh-CN': '数据库暂不可用,请稍后再试',
    'en-US': 'The database is unavailable, please try again shortly',
  },
  'error.unavailable.tenantDatabase': {
    'zh-CN': '本租户的数据库 {name} 暂不可用,请稍后再试',
    'en-US': "This tenant's database {name} is unavailable, please try again shortly",
  },
  'error.unavailable.tenantMoving': {
    'zh-CN': '本租户的数据正在迁移到另一个数据库,暂不能修改,请稍后再试',
    'en-US':
      "This tenant's data is being moved to another database and cannot be changed now, please try again shortly",
  },
  'error.unavailable.store': {
    'zh-CN': '共享存储(Redis)暂不可用,请稍后再试',
    'en-US': 'The shared store (Redis) is unavailable, please try again shortly',
  },
});
