/** The Chinese catalogue, the default language. en-US.ts must have the same keys (a test checks it). */
export const zhCN = {
  title: '云仓储管理平台',
  language: { label: '语言', zh: '中文', en: 'English' },
  login: {
    pageTitle: '登录',
    heading: '登录',
    subtitle: '物资仓储与多租户管理后台',
    tenantId: '租户ID',
    tenantIdRequired: '请输入租户ID',
    username: '账号',
    usernameRequired: '请输入账号',
    password: '密码',
    passwordRequired: '请输入密码',
    passwordTooShort: '密码长度最少为6位',
    submit: '登录',
    submitting: '登录中...',
  },
  error: {
    403: { title: '403', description: '抱歉，你无权访问该页面' },
    404: { title: '404', description: '抱歉，你访问的页面不存在' },
    500: { title: '500', description: '抱歉，服务器出错了' },
    backHome: '返回首页',
  },
  wel: { pageTitle: '首页', welcome: '欢迎，{{name}}', signOut: '退出登录' },
};
export type Messages = typeof zhCN;
