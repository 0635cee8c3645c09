import { defineMessages } from '../../platform/i18n/i18n.ts';

export const resourceMessages = defineMessages({
  'resource.file.required': {
    'zh-CN': '请选择要上传的文件(表单字段 file)',
    'en-US': 'Choose a file to upload (form field "file")',
  },
  'resource.file.tooLarge': { 'zh-CN': '文件大小不能超过 {max} MB', 'en-US': 'The file is larger than {max} MB' },
  'resource.file.malformed': {
    'zh-CN': '上传内容不完整或格式不正确',
    'en-US': 'The upload is incomplete or malformed',
  },
  'resource.file.quota': {
    'zh-CN': '24 小时内上传的文件已达上限 {max} MB，请稍后再试',
    'en-US': 'You have uploaded the most allowed in 24 hours ({max} MB); please try again later',
  },
  'resource.file.notFound': { 'zh-CN': '文件不存在', 'en-US': 'The file does not exist' },
  'resource.fileName.required': { 'zh-CN': '请输入文件名(fileName)', 'en-US': 'Please give the file name (fileName)' },
  'resource.fileName.invalid': {
    'zh-CN': '文件名不能含有 / 或 \\、控制字符，不能是 . 或 ..，最长 255 个字符',
    'en-US': 'A file name holds no / or \\ and no control characters, is not . or .., and has at most 255 characters',
  },
  'resource.objectName.invalid': {
    'zh-CN': '{fileName} 不是本系统存储的文件名(上传时返回的 name)',
    'en-US': '{fileName} is not the name of a stored file (the name an upload answered)',
  },
  'resource.objectName.notFound': { 'zh-CN': '文件 {fileName} 不存在', 'en-US': 'The file {fileName} does not exist' },
  'resource.bucket.invalid': {
    'zh-CN': '空间名为小写字母、数字、点或短横线，以字母或数字开头和结尾，加上租户前缀后不超过 63 个字符',
    'en-US':
      'A bucket name is lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit, at most 63 characters with the tenant prefix',
  },
  'resource.bucket.local': {
    'zh-CN': '本地磁盘没有存储空间(bucket)，请先启用一个对象存储配置',
    'en-US': 'The local disk has no buckets: enable an object storage configuration first',
  },
  'resource.bucket.inUse': {
    'zh-CN': '空间 {bucket} 是当前对象存储配置使用的空间，不能删除',
    'en-US': 'The bucket {bucket} is the one the enabled configuration uses; it cannot be removed',
  },
  'resource.bucket.notFound': { 'zh-CN': '空间 {bucket} 不存在', 'en-US': 'The bucket {bucket} does not exist' },
  'resource.bucket.notEmpty': {
    'zh-CN': '空间 {bucket} 中还有文件，不能删除',
    'en-US': 'The bucket {bucket} still holds files; it cannot be removed',
  },
  'resource.bucket.taken': {
    'zh-CN': '空间名 {bucket} 已被他人使用',
    'en-US': 'The bucket name {bucket} is taken by someone else',
  },
  'resource.bucket.failed': {
    'zh-CN': '对象存储拒绝了请求({code})',
    'en-US': 'The object storage refused the request ({code})',
  },
  'resource.bucket.made': { 'zh-CN': '创建成功', 'en-US': 'Created' },
  'resource.bucket.removed': { 'zh-CN': '删除成功', 'en-US': 'Removed' },
  'resource.objectNames.tooMany': {
    'zh-CN': '一次最多删除 {max} 个文件',
    'en-US': 'At most {max} files at once',
  },
  'resource.attach.uploadOnly': {
    'zh-CN': '附件只能通过上传文件新增',
    'en-US': 'Attachments are added by uploading a file',
  },
  'resource.attach.originalName.required': { 'zh-CN': '请输入附件名称', 'en-US': 'Please enter the file name' },
});
