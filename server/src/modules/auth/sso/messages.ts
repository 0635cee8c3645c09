import { defineMessages } from '../../../platform/i18n/i18n.ts';

/** What single sign-on answers: the token endpoint's authorization_code grant and the sign-in requests. */
export const ssoMessages = defineMessages({
  'auth.code.invalid': {
    'zh-CN': '授权码无效或已过期,请重新登录',
    'en-US': 'The authorization code is invalid or has expired, please sign in again',
  },
  'auth.code.used': {
    'zh-CN': '授权码已被使用,由它签发的令牌已全部作废',
    'en-US': 'The authorization code was used already: the tokens it gave are revoked',
  },
  'auth.code.redirectUri': {
    'zh-CN': '回调地址与申请授权码时的不一致',
    'en-US': 'The redirect URI is not the one the authorization code was requested with',
  },
  'auth.code.verifier': {
    'zh-CN': 'PKCE 校验失败(code_verifier 不正确)',
    'en-US': 'The PKCE check failed: the code_verifier is wrong or missing',
  },
  'auth.code.tenant': {
    'zh-CN': '授权码不属于该租户',
    'en-US': 'The authorization code was not issued for this tenant',
  },
  'auth.sso.request.expired': {
    'zh-CN': '登录请求已失效,请回到应用重新发起登录',
    'en-US': 'The sign-in request has expired: go back to the application and sign in from there again',
  },
});
