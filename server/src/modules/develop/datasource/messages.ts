import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const datasourceMessages = defineMessages({
  'datasource.name.required': { 'zh-CN': '请输入数据源名称', 'en-US': 'Please enter the datasource name' },
  'datasource.name.exists': { 'zh-CN': '数据源名称 {name} 已存在', 'en-US': 'The datasource name {name} is taken' },
  'datasource.driverClass.required': { 'zh-CN': '请输入驱动类', 'en-US': 'Please enter the driver class' },
  'datasource.url.required': { 'zh-CN': '请输入连接地址', 'en-US': 'Please enter the connection URL' },
  'datasource.username.required': { 'zh-CN': '请输入用户名', 'en-US': 'Please enter the user name' },
  'datasource.password.required': { 'zh-CN': '请输入密码', 'en-US': 'Please enter the password' },
  'datasource.url.unsupported': {
    'zh-CN': '只支持 PostgreSQL 数据源：连接地址形如 jdbc:postgresql://主机:端口/数据库',
    'en-US': 'Only PostgreSQL datasources are supported: a URL like jdbc:postgresql://host:port/database',
  },
  'datasource.password.sealed': {
    'zh-CN': '数据源 {name} 的密码无法解开：请重新输入密码',
    'en-US': 'The password of the datasource {name} cannot be opened: enter it again',
  },
  'datasource.connect.host': {
    'zh-CN': '无法连接到 {host}:{port}：请检查主机和端口，以及数据库服务是否已启动',
    'en-US': 'Cannot reach {host}:{port}: check the host and port, and that the database server is running',
  },
  'datasource.connect.auth': {
    'zh-CN': '数据库服务器拒绝了用户 {username}：请检查用户名和密码',
    'en-US': 'The database server refused the user {username}: check the user name and password',
  },
  'datasource.connect.database': {
    'zh-CN': '服务器 {host} 上没有数据库 {database}',
    'en-US': 'The server {host} has no database {database}',
  },
  'datasource.connect.version': {
    'zh-CN': 'PostgreSQL {version} 版本过低：需要 12 或更高版本',
    'en-US': 'PostgreSQL {version} is too old: version 12 or later is needed',
  },
  'datasource.bound': {
    'zh-CN': '数据源 {name} 存有租户 {tenants} 的数据：不能删除，也不能改连接地址或用户名',
    'en-US':
      'The datasource {name} holds the data of the tenants {tenants}: it cannot be removed, nor its URL or user changed',
  },
  'datasource.connect.other': {
    'zh-CN': '无法连接到数据源（{host}:{port}/{database}）',
    'en-US': 'Cannot connect to the datasource ({host}:{port}/{database})',
  },
});
