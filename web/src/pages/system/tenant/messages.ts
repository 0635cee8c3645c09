import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  tenant: {
    tenantId: ['租户ID', 'Tenant ID'],
    tenantName: ['租户名称', 'Tenant name'],
    tenantNameRequired: ['请输入租户名称', 'Please enter the tenant name'],
    linkman: ['联系人', 'Contact'],
    contactNumber: ['联系电话', 'Phone'],
    address: ['联系地址', 'Address'],
    domain: ['绑定域名', 'Domain'],
    backgroundUrl: ['系统背景', 'Background image URL'],
    accountNumber: ['账号额度', 'Account quota'],
    accountNumberHelp: ['留空或 -1 表示不限', 'Empty or -1: unlimited'],
    expireTime: ['过期时间', 'Expires'],
    expireTimeHelp: ['留空表示永不过期', 'Empty: never'],
    guestRegistration: ['访客注册', 'Guest registration'],
    guestRegistrationHelp: [
      '开启后,访客可在登录页注册此租户的账号,经管理员审核后使用;管理组租户不可开启',
      'When on, guests may register an account of this tenant on the login page, used once an administrator approves it; never in the platform tenant',
    ],
    setting: ['授权配置', 'Quota and expiry'],
    datasource: ['数据源', 'Datasource'],
    datasourceId: ['数据源', 'Datasource'],
    datasourceRequired: ['请选择数据源', 'Please select a datasource'],
    adminPassword: ['管理员密码', 'Administrator password'],
    adminPasswordHelp: [
      '租户管理员的账号为 admin,首次登录使用此密码',
      'The tenant administrator signs in as account admin with this password',
    ],
    adminPasswordLength: ['密码长度须为 6 到 20 位', 'The password must be 6 to 20 characters'],
    adminPasswordConfirm: ['确认密码', 'Confirm password'],
    adminPasswordMismatch: ['两次输入的密码不一致', 'The two passwords differ'],
    adminPasswordReset: ['管理员密码', 'Admin password'],
    package: ['产品包', 'Package'],
    packageId: ['产品包', 'Package'],
    packageRequired: ['请选择产品包', 'Please select a package'],
  },
});
