import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const tenantMessages = defineMessages({
  'tenant.tenantName.required': { 'zh-CN': '请输入租户名称', 'en-US': 'Please enter tenant name' },
  'tenant.accountNumber.invalid': {
    'zh-CN': '账号额度须为 -1(不限)或不小于 0 的整数',
    'en-US': 'The account quota must be -1 (unlimited) or a whole number of at least 0',
  },
  'tenant.expireTime.invalid': {
    'zh-CN': '过期时间格式不正确',
    'en-US': 'The expiry time is not a valid date and time',
  },
  'tenant.guestRegistration.invalid': {
    'zh-CN': '访客注册只能是 0(关闭)或 1(开启)',
    'en-US': 'Guest registration must be 0 (off) or 1 (on)',
  },
  'tenant.guestRegistration.platform': {
    'zh-CN': '管理组租户(000000)不能开启访客注册',
    'en-US': 'Guest registration cannot be opened in the platform tenant (000000)',
  },
  'tenant.tenantId.required': { 'zh-CN': '请选择租户', 'en-US': 'Please select a tenant' },
  'tenant.packageId.required': { 'zh-CN': '请选择产品包', 'en-US': 'Please select a package' },
  'tenant.datasourceId.required': { 'zh-CN': '请选择数据源', 'en-US': 'Please select a datasource' },
  'tenant.datasource.notFound': { 'zh-CN': '数据源不存在', 'en-US': 'The datasource does not exist' },
  'tenant.datasource.platform': {
    'zh-CN': '平台租户 000000 的数据留在主数据库，不能绑定数据源',
    'en-US': 'The platform tenant 000000 keeps its data in the main database and cannot be bound to a datasource',
  },
  'tenant.datasource.hasData': {
    'zh-CN': '该租户已有数据：迁移租户数据到其他数据库的功能尚未提供，只能绑定尚无数据的租户',
    'en-US':
      'The tenant already has data: moving a tenant’s data to another database is not available yet, only a tenant without data can be bound',
  },
  'tenant.datasource.embedded': {
    'zh-CN': '内置数据库不能把租户放到其他数据库：租户只能绑定到 PostgreSQL，请以 DATABASE_URL 运行服务后再绑定',
    'en-US':
      'The embedded database cannot keep tenants in other databases: bind tenants to PostgreSQL only (run the server with DATABASE_URL)',
  },
  'tenant.domain.exists': {
    'zh-CN': '域名 {domain} 已被租户 {tenantName} 使用',
    'en-US': 'The domain {domain} is already used by tenant {tenantName}',
  },
  'tenant.notFound': { 'zh-CN': '租户 {tenantId} 不存在', 'en-US': 'The tenant {tenantId} does not exist' },
  'tenant.package.notFound': {
    'zh-CN': '产品包 {packageId} 不存在',
    'en-US': 'The package {packageId} does not exist',
  },
  'tenant.remove.platform': {
    'zh-CN': '不能删除管理组租户 000000',
    'en-US': 'The platform tenant 000000 cannot be removed',
  },
  'tenant.disable.platform': {
    'zh-CN': '不能停用管理组租户 000000',
    'en-US': 'The platform tenant 000000 cannot be disabled',
  },
  'tenant.adminPassword.invalid': {
    'zh-CN': '管理员密码须为 6 到 20 位',
    'en-US': 'The administrator password must be 6 to 20 characters',
  },
  'tenant.adminPassword.defaultTooShort': {
    'zh-CN': '参数 tenant.default.password 少于 6 位,无法用于登录:请为管理员输入密码',
    'en-US': 'The parameter tenant.default.password is shorter than 6 characters and cannot sign in: enter a password',
  },
  'tenant.admin.notFound': {
    'zh-CN': '租户 {tenantId} 没有管理员账号 admin',
    'en-US': 'The tenant {tenantId} has no administrator account admin',
  },
  'tenant.create.noTenantId': {
    'zh-CN': '暂时无法分配新的租户编号,请重试',
    'en-US': 'No free tenant id could be found, please try again',
  },
});
