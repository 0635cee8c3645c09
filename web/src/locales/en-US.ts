import type { Messages } from './zh-CN.ts';

export const enUS: Messages = {
  title: 'Cloud Warehouse',
  language: { label: 'Language', zh: '中文', en: 'English' },
  login: {
    pageTitle: 'login',
    heading: 'Sign in',
    subtitle: 'Material warehouse and multi-tenant back-office',
    tenantId: 'Tenant ID',
    tenantIdRequired: 'Please enter the tenant ID',
    username: 'Account',
    usernameRequired: 'Please enter the account',
    password: 'Password',
    passwordRequired: 'Please enter the password',
    passwordTooShort: 'The password must be at least 6 characters',
    submit: 'Sign in',
    submitting: 'Signing in...',
  },
  error: {
    403: { title: '403', description: 'Sorry, you are not allowed to open this page' },
    404: { title: '404', description: 'Sorry, the page you opened does not exist' },
    500: { title: '500', description: 'Sorry, something went wrong on the server' },
    backHome: 'Back home',
  },
  wel: { pageTitle: 'home', welcome: 'Welcome, {{name}}', signOut: 'Sign out' },
};
