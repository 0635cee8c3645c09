import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const codeMessages = defineMessages({
  'code.codeName.required': { 'zh-CN': '请输入模块名', 'en-US': 'Please enter the module name' },
  'code.serviceName.required': { 'zh-CN': '请输入服务名', 'en-US': 'Please enter the service name' },
  'code.serviceName.invalid': {
    'zh-CN': '服务名只能由小写字母、数字和连字符组成，并以字母开头（如 blade-desk）',
    'en-US': 'The service name takes lower-case letters, digits and hyphens, starting with a letter (blade-desk)',
  },
  'code.tableName.required': { 'zh-CN': '请选择表名', 'en-US': 'Please choose the table' },
  'code.packageName.required': { 'zh-CN': '请输入包名', 'en-US': 'Please enter the package name' },
  'code.identifier.invalid': {
    'zh-CN': '{name} 只能由小写字母、数字和下划线组成，并以字母或下划线开头',
    'en-US': '{name} takes lower-case letters, digits and underscores, starting with a letter or an underscore',
  },
  'code.tableName.invalid': {
    'zh-CN': 'tableName 只能由小写字母、数字和下划线组成，并以字母或下划线开头',
    'en-US': 'tableName takes lower-case letters, digits and underscores, starting with a letter or an underscore',
  },
  'code.tablePrefix.invalid': {
    'zh-CN': 'tablePrefix 只能由小写字母、数字和下划线组成，并以字母或下划线开头',
    'en-US': 'tablePrefix takes lower-case letters, digits and underscores, starting with a letter or an underscore',
  },
  'code.packageName.invalid': {
    'zh-CN': 'packageName 只能由小写字母、数字和下划线组成，并以字母或下划线开头',
    'en-US': 'packageName takes lower-case letters, digits and underscores, starting with a letter or an underscore',
  },
  'code.apiPath.invalid': {
    'zh-CN': '接口路径须形如 /api/blade-desk/notice',
    'en-US': 'The API path must look like /api/blade-desk/notice',
  },
  'code.webPath.invalid': {
    'zh-CN': '页面路径须形如 /desk/notice',
    'en-US': 'The page path must look like /desk/notice',
  },
  'code.pkName.unsupported': {
    'zh-CN': '主键须为 id（bigint）：生成的资源由 CRUD 工厂按 id 读写',
    'en-US': 'The primary key must be id (bigint): the generated resource is read and written by id',
  },
  'code.table.notFound': { 'zh-CN': '数据源中没有表 {table}', 'en-US': 'The datasource has no table {table}' },
  'code.table.unnamed': {
    'zh-CN': '表名去掉前缀后为空：请修改表前缀',
    'en-US': 'The table name is empty without its prefix: change the prefix',
  },
  'code.column.unsupported': {
    'zh-CN': '列 {column} 的类型 {type} 不能生成：请改用文本、整数、小数或日期时间',
    'en-US': 'Column {column} has type {type}, which cannot be generated: use text, integer, decimal or date-time',
  },
  'code.column.noFields': {
    'zh-CN': '表 {table} 除审计列外没有列',
    'en-US': 'The table {table} has no columns besides the audit ones',
  },
  'code.datasource.notFound': { 'zh-CN': '数据源不存在', 'en-US': 'The datasource does not exist' },
  'code.datasource.unsupported': {
    'zh-CN': '只支持 PostgreSQL 数据源（连接地址 jdbc:postgresql:// 或 postgresql://）',
    'en-US': 'Only PostgreSQL datasources are supported (jdbc:postgresql:// or postgresql:// URLs)',
  },
  'code.datasource.unreachable': {
    'zh-CN': '无法连接数据源 {name}：请检查地址、用户名和密码',
    'en-US': 'Cannot reach the datasource {name}: check its URL, user name and password',
  },
  'code.datasource.sealed': {
    'zh-CN': '数据源 {name} 的密码无法解开：请重新输入密码',
    'en-US': 'The password of the datasource {name} cannot be opened: enter it again',
  },
  'code.ids.tooMany': {
    'zh-CN': '一次最多生成 50 条记录的代码',
    'en-US': 'At most 50 records are generated at once',
  },
});
