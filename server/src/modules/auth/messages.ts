import { defineMessages } from '../../platform/i18n/i18n.ts';

/** What the token endpoint and its friends answer (BladeX's texts in Chinese). */
export const authMessages = defineMessages({
  'auth.client.bad': { 'zh-CN': '客户端认证失败', 'en-US': 'Bad client credentials' },
  'auth.grant.unsupported': {
    'zh-CN': '不支持的授权类型: {grantType}',
    'en-US': 'Unsupported grant type: {grantType}',
  },
  'auth.request.invalid': { 'zh-CN': '请求参数不完整: {field}', 'en-US': 'Missing or invalid parameter: {field}' },
  'auth.tenant.missing': { 'zh-CN': '租户ID未找到', 'en-US': 'No tenant ID was given' },
  'auth.tenant.unknown': { 'zh-CN': '未获得用户的租户信息', 'en-US': 'The tenant does not exist' },
  'auth.tenant.expired': {
    'zh-CN': '租户授权已过期,请联系管理员',
    'en-US': 'The tenant’s licence has expired, please contact the administrator',
  },
  'auth.tenant.disabled': {
    'zh-CN': '租户已被停用,请联系管理员',
    'en-US': 'The tenant is disabled, please contact the administrator',
  },
  'auth.credentials.bad': { 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong account or password' },
  'auth.locked': {
    'zh-CN': '登录错误次数过多,请稍后再试',
    'en-US': 'Too many failed sign-ins, please try again later',
  },
  'auth.user.disabled': {
    'zh-CN': '该账号已被停用,请联系管理员',
    'en-US': 'This account is disabled, please contact the administrator',
  },
  'auth.user.pending': {
    'zh-CN': '该账号正在等待管理员审核,审核通过后即可登录',
    'en-US': 'This account is awaiting the administrator’s approval',
  },
  'auth.user.noRole': { 'zh-CN': '未获得用户的角色信息', 'en-US': 'The user has no role' },
  'auth.user.deptNotOwn': {
    'zh-CN': '所选机构不属于该用户',
    'en-US': 'The chosen department is not one of the user’s',
  },
  'auth.user.roleNotOwn': { 'zh-CN': '所选角色不属于该用户', 'en-US': 'The chosen role is not one of the user’s' },
  'auth.captcha.required': {
    'zh-CN': '登录失败次数过多,请输入验证码后再试',
    'en-US': 'Too many failed sign-ins from here: enter the captcha to try again',
  },
  'auth.captcha.bad': { 'zh-CN': '验证码不正确', 'en-US': 'The captcha is wrong or has expired' },
  'auth.password.undecryptable': {
    'zh-CN': '密码解密失败,请检查客户端配置的SM2公钥',
    'en-US': 'The password could not be decrypted: check the SM2 public key in the client’s configuration',
  },
  'auth.refresh.invalid': {
    'zh-CN': '刷新令牌已失效,请重新登录',
    'en-US': 'The refresh token is invalid or was used already, please sign in again',
  },
});
