import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  client: {
    clientId: ['客户端ID', 'Client ID'],
    clientSecret: ['客户端密钥', 'Client secret'],
    secretHelp: [
      '留空时新建会生成一个，修改时保持不变',
      'Leave empty to draw one when adding, or keep it when editing',
    ],
    secretLength: ['客户端密钥长度须为 8 到 128 位', 'The client secret must be 8 to 128 characters long'],
    secretTitle: ['客户端 {{clientId}} 的密钥', 'Secret of client {{clientId}}'],
    secretOnce: ['请立即复制保存：密钥只显示这一次。', 'Copy it now: the secret is shown this once only.'],
    scope: ['授权范围', 'Scope'],
    grantTypes: ['授权类型', 'Grant types'],
    accessTokenValidity: ['令牌秒数', 'Access token lifetime (s)'],
    refreshTokenValidity: ['刷新令牌秒数', 'Refresh token lifetime (s)'],
    redirectUri: ['回调地址', 'Redirect URI'],
    redirectUriHelp: [
      '单点登录（授权码模式）返回的地址，须与应用发送的完全一致；多个以逗号分隔',
      'Where single sign-on (authorization code) sends the user back; must equal what the application sends; several separated by commas',
    ],
    resourceIds: ['资源集合', 'Resource ids'],
    authorities: ['权限', 'Authorities'],
    autoapprove: ['自动授权', 'Auto approve'],
    additionalInformation: ['附加说明', 'Additional information'],
    grant: {
      password: ['密码模式', 'Password'],
      refresh_token: ['刷新令牌', 'Refresh token'],
      captcha: ['验证码模式', 'Captcha'],
      authorization_code: ['授权码模式', 'Authorization code'],
      social: ['第三方登录', 'Social'],
      client_credentials: ['客户端模式', 'Client credentials'],
      implicit: ['简化模式', 'Implicit'],
    },
  },
});
