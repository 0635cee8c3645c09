import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const clientMessages = defineMessages({
  'client.clientId.required': { 'zh-CN': '请输入客户端ID', 'en-US': 'Please enter the client ID' },
  'client.clientId.invalid': {
    'zh-CN': '客户端ID不能包含空白或冒号',
    'en-US': 'The client ID may not contain spaces or colons',
  },
  'client.clientId.exists': {
    'zh-CN': '客户端ID {clientId} 已存在',
    'en-US': 'The client ID {clientId} already exists',
  },
  'client.clientSecret.invalid': {
    'zh-CN': '客户端密钥长度须为 8 到 128 位',
    'en-US': 'The client secret must be 8 to 128 characters long',
  },
  'client.authorizedGrantTypes.required': { 'zh-CN': '请输入授权类型', 'en-US': 'Please enter grant types' },
  'client.authorizedGrantTypes.invalid': {
    'zh-CN': '不支持的授权类型: {types}',
    'en-US': 'Unsupported grant types: {types}',
  },
  'client.accessTokenValidity.required': {
    'zh-CN': '请输入令牌过期秒数',
    'en-US': 'Please enter the access token validity in seconds',
  },
  'client.refreshTokenValidity.required': {
    'zh-CN': '请输入刷新令牌过期秒数',
    'en-US': 'Please enter the refresh token validity in seconds',
  },
  'client.validity.invalid': {
    'zh-CN': '过期秒数须为 1 到 31536000 之间的整数',
    'en-US': 'A validity must be a whole number of seconds from 1 to 31536000',
  },
  'client.webServerRedirectUri.invalid': {
    'zh-CN': '回调地址须为完整的 http(s) 地址且不含 #,多个以逗号分隔: {uris}',
    'en-US': 'Each redirect URI must be a whole http(s) URI without #, several separated by commas: {uris}',
  },
  'client.remove.current': {
    'zh-CN': '不能删除当前登录所用的客户端 {clientId}',
    'en-US': 'The client {clientId} you are signed in through cannot be removed',
  },
});
