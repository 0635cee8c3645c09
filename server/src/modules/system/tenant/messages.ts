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
  'tenant.datasource.mainDatabase': { 'zh-CN': '主数据库', 'en-US': 'the main database' },
  'tenant.move.running': {
    'zh-CN': '租户 {tenantId} 的数据正在迁移,请等待完成后再操作',
    'en-US': 'The data of tenant {tenantId} is being moved already: wait until it is done',
  },
  'tenant.move.fenceLost': {
    'zh-CN': '迁移期间对租户写入的封锁已失效(数据库长时间无响应),迁移已取消,数据仍在原数据库',
    'en-US':
      'The fence on the tenant’s writes ran out during the move (a database did not answer for long): the move was cancelled and the data stays where it was',
  },
  'tenant.move.mismatch': {
    'zh-CN': '表 {table} 复制后的校验不一致(源 {source} 行,目标 {target} 行),迁移已取消,数据仍在原数据库',
    'en-US':
      'The copy of table {table} does not match its source ({source} rows there, {target} here): the move was cancelled and the data stays where it was',
  },
  'tenant.move.failed': {
    'zh-CN': '迁移失败:{reason}。数据仍在原数据库',
    'en-US': 'The move failed: {reason}. The data stays where it was',
  },
  'tenant.move.connectionLost': {
    'zh-CN': '与数据库的连接中断',
    'en-US': 'a database stopped answering',
  },
  'tenant.move.unknown': {
    'zh-CN': '切换时与主数据库的连接中断,无法确认租户由哪个数据库提供服务;两边的数据都已保留,请稍后查看租户的数据源',
    'en-US':
      'The main database stopped answering during the switch, so which database serves the tenant is unknown; both copies are kept: look at the tenant’s datasource shortly',
  },
  'tenant.move.leftInSource': {
    'zh-CN': '迁移已完成,但未能删除原数据库中的旧数据(该数据库无响应);再次迁入该数据库时会先清除它们',
    'en-US':
      'The move is done, but the old rows could not be deleted from the source database (it did not answer); a later move into it deletes them first',
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
