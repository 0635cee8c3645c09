import { defineMessages } from '../../../app/messages.ts';

export default defineMessages({
  social: {
    tenantId: ['租户', 'Tenant'],
    tenantIdRequired: ['请选择租户', 'Please choose the tenant'],
    source: ['平台编号', 'Source'],
    sourceRequired: ['请输入平台编号', 'Please enter the source'],
    sourceHelp: [
      '小写字母、数字、下划线或短横线，出现在回调地址中（如 github）',
      'Lowercase letters, digits, underscores or hyphens; part of the redirect URI (such as github)',
    ],
    sourceInvalid: [
      '平台编号只能包含小写字母、数字、下划线和短横线',
      'The source may hold lowercase letters, digits, underscores and hyphens only',
    ],
    name: ['显示名称', 'Display name'],
    nameRequired: ['请输入显示名称', 'Please enter the display name'],
    type: ['类型', 'Type'],
    types: { oidc: ['OpenID Connect', 'OpenID Connect'], oauth2: ['OAuth2（GitHub 式）', 'OAuth2 (GitHub style)'] },
    issuer: ['签发者地址', 'Issuer'],
    issuerHelp: [
      'OpenID Connect 平台的签发者（其 /.well-known/openid-configuration 所在地址）',
      'The OpenID Connect provider’s issuer (where its /.well-known/openid-configuration is)',
    ],
    authorizeUrl: ['授权地址', 'Authorize URL'],
    tokenUrl: ['令牌地址', 'Token URL'],
    userinfoUrl: ['用户信息地址', 'User-info URL'],
    oauth2Help: ['仅 OAuth2 平台需要', 'OAuth2 providers only'],
    userIdField: ['用户ID字段', 'User ID field'],
    usernameField: ['账号字段', 'Account field'],
    nicknameField: ['昵称字段', 'Nickname field'],
    avatarField: ['头像字段', 'Avatar field'],
    emailField: ['邮箱字段', 'Email field'],
    fieldHelp: {
      id: ['用户信息中的字段名，默认 id', 'The user-info field, id by default'],
      login: ['用户信息中的字段名，默认 login', 'The user-info field, login by default'],
      name: ['用户信息中的字段名，默认 name', 'The user-info field, name by default'],
      avatar: ['用户信息中的字段名，默认 avatar_url', 'The user-info field, avatar_url by default'],
      email: ['用户信息中的字段名，默认 email', 'The user-info field, email by default'],
    },
    clientId: ['客户端ID', 'Client ID'],
    clientIdRequired: ['请输入客户端ID', 'Please enter the client ID'],
    clientSecret: ['客户端密钥', 'Client secret'],
    clientSecretHelp: [
      '加密保存，不再显示；修改时留空则保持不变',
      'Stored sealed and never shown again; leave empty when editing to keep it',
    ],
    clientSecretLength: ['客户端密钥最长 500 位', 'The client secret is 500 characters at most'],
    scopes: ['授权范围', 'Scopes'],
    scopesHelp: [
      '以空格分隔；OpenID Connect 默认 openid profile email',
      'Separated by spaces; openid profile email by default for OpenID Connect',
    ],
    pkce: ['PKCE', 'PKCE'],
    pkceHelp: [
      'OAuth2 平台是否支持 PKCE（S256）；OpenID Connect 平台按其声明自动使用',
      'Whether the OAuth2 provider takes PKCE (S256); OpenID Connect providers use it as they announce',
    ],
    redirectUri: ['回调地址', 'Redirect URI'],
    redirectUriHelp: [
      '留空时为本站的 /oauth/redirect/{平台编号}；在第三方平台登记同一地址',
      'Empty: this site’s /oauth/redirect/{source}; register the same address at the provider',
    ],
    enabled: ['启用', 'Enabled'],
    sort: ['排序', 'Sort'],
    remark: ['备注', 'Remark'],
  },
});
