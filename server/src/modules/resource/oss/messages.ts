import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const ossMessages = defineMessages({
  'oss.category.invalid': {
    'zh-CN': '请选择存储类型(1 MinIO、2 七牛云、3 阿里云、4 腾讯云、5 本地磁盘)',
    'en-US': 'Choose the storage type (1 MinIO, 2 Qiniu, 3 Aliyun, 4 Tencent, 5 local disk)',
  },
  'oss.ossCode.required': { 'zh-CN': '请输入资源编号', 'en-US': 'Please enter the resource code' },
  'oss.ossCode.invalid': {
    'zh-CN': '资源编号只能包含字母、数字、下划线和短横线',
    'en-US': 'The resource code may hold letters, digits, underscores and hyphens only',
  },
  'oss.ossCode.exists': { 'zh-CN': '资源编号 {ossCode} 已存在', 'en-US': 'The resource code {ossCode} is taken' },
  'oss.endpoint.required': { 'zh-CN': '请输入资源地址', 'en-US': 'Please enter the endpoint' },
  'oss.endpoint.invalid': {
    'zh-CN': '资源地址应为 http:// 或 https:// 开头的地址，不含路径和参数',
    'en-US': 'The endpoint is an http:// or https:// address without a path or parameters',
  },
  'oss.bucketName.required': { 'zh-CN': '请输入空间名', 'en-US': 'Please enter the bucket name' },
  'oss.bucketName.invalid': {
    'zh-CN': '空间名为 3 到 63 个小写字母、数字、点或短横线，以字母或数字开头和结尾',
    'en-US':
      'A bucket name is 3 to 63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit',
  },
  'oss.accessKey.required': { 'zh-CN': '请输入 accessKey', 'en-US': 'Please enter the access key' },
  'oss.secretKey.required': { 'zh-CN': '请输入 secretKey', 'en-US': 'Please enter the secret key' },
  'oss.region.invalid': {
    'zh-CN': '地域只能包含字母、数字和短横线(如 cn-hangzhou)',
    'en-US': 'The region holds letters, digits and hyphens only (such as us-east-1)',
  },
  'oss.test.ok': {
    'zh-CN': '连接成功：上传、读取、删除均正常',
    'en-US': 'Connected: put, read back and delete all work',
  },
  'oss.test.local': {
    'zh-CN': '本地磁盘无需测试连接',
    'en-US': 'The local disk needs no connection test',
  },
  'oss.test.unreachable': {
    'zh-CN': '无法连接资源地址 {endpoint}：{reason}',
    'en-US': 'Cannot reach the endpoint {endpoint}: {reason}',
  },
  'oss.test.credentials': {
    'zh-CN': 'accessKey 或 secretKey 不正确，或无权访问该空间({code})',
    'en-US': 'The access key or secret key is wrong, or has no access to the bucket ({code})',
  },
  'oss.test.bucket': { 'zh-CN': '空间 {bucket} 不存在', 'en-US': 'The bucket {bucket} does not exist' },
  'oss.test.mismatch': {
    'zh-CN': '读回的内容与写入的不一致',
    'en-US': 'What was read back differs from what was written',
  },
  'oss.test.failed': {
    'zh-CN': '{step}失败：{reason}',
    'en-US': '{step} failed: {reason}',
  },
  'oss.test.step.put': { 'zh-CN': '上传', 'en-US': 'Put' },
  'oss.test.step.get': { 'zh-CN': '读取', 'en-US': 'Read back' },
  'oss.test.step.remove': { 'zh-CN': '删除', 'en-US': 'Delete' },
  'oss.store.unavailable': {
    'zh-CN': '对象存储 {ossCode} 不可用，请检查其配置或联系管理员',
    'en-US': 'The object storage {ossCode} is not available; check its configuration or ask an administrator',
  },
});
