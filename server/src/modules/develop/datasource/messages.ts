import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const datasourceMessages = defineMessages({
  'datasource.name.required': { 'zh-CN': '请输入数据源名称', 'en-US': 'Please enter the datasource name' },
  'datasource.name.exists': { 'zh-CN': '数据源名称 {name} 已存在', 'en-US': 'The datasource name {name} is taken' },
  'datasource.driverClass.required': { 'zh-CN': '请输入驱动类', 'en-US': 'Please enter the driver class' },
  'datasource.url.required': { 'zh-CN': '请输入连接地址', 'en-US': 'Please enter the connection URL' },
  'datasource.username.required': { 'zh-CN': '请输入用户名', 'en-US': 'Please enter the user name' },
  'datasource.password.required': { 'zh-CN': '请输入密码', 'en-US': 'Please enter the password' },
});
