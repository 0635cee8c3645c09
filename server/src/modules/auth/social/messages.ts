import { defineMessages } from '../../../platform/i18n/i18n.ts';

/** Third-party sign-in: the provider screen's rules and the sign-in's refusals. */
export const socialMessages = defineMessages({
  'social.source.required': { 'zh-CN': '请输入平台编号', 'en-US': 'Please enter the source code' },
  'social.source.invalid': {
    'zh-CN': '平台编号只能包含小写字母、数字、下划线和短横线(最多 16 位)',
    'en-US': 'The source code may hold lowercase letters, digits, underscores and hyphens only (16 at most)',
  },
  'social.source.exists': {
    'zh-CN': '租户 {tenantId} 已有平台编号 {source}',
    'en-US': 'Tenant {tenantId} already has the source {source}',
  },
  'social.name.required': { 'zh-CN': '请输入显示名称', 'en-US': 'Please enter the display name' },
  'social.tenantId.required': { 'zh-CN': '请选择租户', 'en-US': 'Please choose the tenant' },
  'social.tenant.unknown': { 'zh-CN': '租户 {tenantId} 不存在', 'en-US': 'Tenant {tenantId} does not exist' },
  'social.type.invalid': {
    'zh-CN': '请选择类型(oidc 或 oauth2)',
    'en-US': 'Choose the type (oidc or oauth2)',
  },
  'social.clientId.required': { 'zh-CN': '请输入客户端ID', 'en-US': 'Please enter the client ID' },
  'social.clientSecret.required': { 'zh-CN': '请输入客户端密钥', 'en-US': 'Please enter the client secret' },
  'social.issuer.required': {
    'zh-CN': 'OpenID Connect 平台须填写签发者地址',
    'en-US': 'An OpenID Connect provider needs its issuer',
  },
  'social.endpoints.required': {
    'zh-CN': 'OAuth2 平台须填写授权地址、令牌地址和用户信息地址',
    'en-US': 'An OAuth2 provider needs its authorize, token and user-info URLs',
  },
  'social.url.invalid': {
    'zh-CN': '地址须为 https:// 开头(本机地址可用 http://)',
    'en-US': 'An address must start with https:// (http:// only for this machine)',
  },
  'social.field.invalid': {
    'zh-CN': '字段名只能包含字母、数字、下划线和点',
    'en-US': 'A field name may hold letters, digits, underscores and dots only',
  },
  'social.providers.tenant': { 'zh-CN': '请指定租户ID', 'en-US': 'Please give the tenant ID' },
  'social.link.missing': { 'zh-CN': '未找到该绑定', 'en-US': 'No such linked account' },
  // the sign-in's refusals (token endpoint and render)
  'auth.social.source.unknown': {
    'zh-CN': '未知的第三方平台: {source}',
    'en-US': 'Unknown third-party provider: {source}',
  },
  'auth.social.source.disabled': {
    'zh-CN': '第三方平台 {source} 已停用',
    'en-US': 'The third-party provider {source} is disabled',
  },
  'auth.social.state.invalid': {
    'zh-CN': '第三方登录状态无效,请从登录页重新发起',
    'en-US': 'The third-party sign-in state is not valid: start again from the sign-in page',
  },
  'auth.social.state.used': {
    'zh-CN': '该第三方登录请求已使用过,请从登录页重新发起',
    'en-US': 'This third-party sign-in was used already: start again from the sign-in page',
  },
  'auth.social.state.expired': {
    'zh-CN': '第三方登录已超时(10 分钟),请从登录页重新发起',
    'en-US': 'The third-party sign-in took longer than 10 minutes: start again from the sign-in page',
  },
  'auth.social.state.browser': {
    'zh-CN': '该第三方登录不是在此浏览器发起的',
    'en-US': 'This third-party sign-in was not started in this browser',
  },
  'auth.social.state.source': {
    'zh-CN': '该第三方登录是为另一个平台发起的',
    'en-US': 'This third-party sign-in was started for another provider',
  },
  'auth.social.tenant.mismatch': {
    'zh-CN': '该第三方登录是为另一个租户发起的',
    'en-US': 'This third-party sign-in was started for another tenant',
  },
  'auth.social.unreachable': {
    'zh-CN': '无法连接第三方平台 {source},请稍后再试',
    'en-US': 'The third-party provider {source} could not be reached, please try again later',
  },
  'auth.social.refused': {
    'zh-CN': '第三方平台拒绝了本次授权(授权码无效、已使用或已过期),请重新登录',
    'en-US': 'The provider refused the authorization (the code is invalid, used or expired): sign in again',
  },
  'auth.social.failed': {
    'zh-CN': '第三方平台的应答无法验证,请联系管理员',
    'en-US': 'The provider’s answer could not be verified, please contact the administrator',
  },
  'auth.social.unregistered': {
    'zh-CN': '该第三方账号尚未绑定本系统账号,请注册或绑定已有账号',
    'en-US': 'This third-party account is not linked to an account here yet: register or link an existing one',
  },
});
