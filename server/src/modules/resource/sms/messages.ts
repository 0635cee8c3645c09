import { defineMessages } from '../../../platform/i18n/i18n.ts';

export const smsMessages = defineMessages({
  'sms.category.required': { 'zh-CN': '请选择短信服务类型', 'en-US': 'Please choose the SMS provider' },
  'sms.smsCode.required': { 'zh-CN': '请输入资源编号', 'en-US': 'Please enter the configuration code' },
  'sms.smsCode.format': {
    'zh-CN': '资源编号只能包含字母、数字、下划线和连字符',
    'en-US': 'The configuration code may hold letters, digits, "_" and "-" only',
  },
  'sms.smsCode.exists': { 'zh-CN': '资源编号 {smsCode} 已存在', 'en-US': 'The configuration code {smsCode} is taken' },
  'sms.templateId.required': { 'zh-CN': '请输入模板ID', 'en-US': 'Please enter the template id' },
  'sms.secretKey.required': { 'zh-CN': '请输入私有密钥(secretKey)', 'en-US': 'Please enter the secret key' },
  'sms.accessKey.required': {
    'zh-CN': '{provider}需要访问密钥(accessKey)',
    'en-US': '{provider} needs the access key',
  },
  'sms.signName.required': { 'zh-CN': '{provider}需要短信签名', 'en-US': '{provider} needs the sign name' },
  'sms.appId.required': {
    'zh-CN': '腾讯云需要短信应用ID(SmsSdkAppId)',
    'en-US': 'Tencent Cloud needs the SMS application id (SmsSdkAppId)',
  },
  'sms.endpoint.format': {
    'zh-CN': '服务地址须为 http:// 或 https:// 开头的地址',
    'en-US': 'The endpoint must be an http:// or https:// address',
  },
  'sms.enable.done': { 'zh-CN': '操作成功', 'en-US': 'Done' },
  'sms.config.none': {
    'zh-CN': '没有启用的短信配置，请先在短信配置中启用一个',
    'en-US': 'No SMS configuration is enabled; enable one in SMS configurations first',
  },
  'sms.config.unknown': {
    'zh-CN': '短信配置 {code} 不存在',
    'en-US': 'There is no SMS configuration {code}',
  },
  'sms.category.unsupported': {
    'zh-CN': '暂不支持通过{provider}发送短信，请使用阿里云、腾讯云或云片',
    'en-US': 'Sending through {provider} is not supported; use Aliyun, Tencent Cloud or Yunpian',
  },
  'sms.phones.required': { 'zh-CN': '手机号码不能为空', 'en-US': 'The phone number cannot be empty' },
  'sms.phones.length': {
    'zh-CN': '手机号码长度不为11位：{phone}',
    'en-US': 'The phone number must have 11 digits: {phone}',
  },
  'sms.phones.format': { 'zh-CN': '手机号码格式不正确：{phone}', 'en-US': 'The phone number is not valid: {phone}' },
  'sms.phones.tooMany': {
    'zh-CN': '一次最多发送 {max} 个手机号码',
    'en-US': 'At most {max} phone numbers in one send',
  },
  'sms.params.format': {
    'zh-CN': '短信参数须为 JSON 对象，如 {"code":"1234"}',
    'en-US': 'The SMS parameters must be a JSON object, such as {"code":"1234"}',
  },
  'sms.sent': { 'zh-CN': '短信发送成功', 'en-US': 'The SMS was sent' },
  'sms.failed': {
    'zh-CN': '短信发送失败：{reason}（{provider} {code}：{detail}）',
    'en-US': 'The SMS was not sent: {reason} ({provider} {code}: {detail})',
  },
  'sms.reason.credentials': {
    'zh-CN': 'accessKey 或 secretKey 不正确，签名校验未通过',
    'en-US': 'the access key or secret key is wrong; the signature was refused',
  },
  'sms.reason.template': {
    'zh-CN': '短信模板不存在或未审核通过',
    'en-US': 'the template does not exist or is not approved',
  },
  'sms.reason.sign': { 'zh-CN': '短信签名不正确或未审核通过', 'en-US': 'the sign name is wrong or not approved' },
  'sms.reason.quota': {
    'zh-CN': '发送频率或额度超出服务商限制',
    'en-US': "the provider's rate limit or balance is exhausted",
  },
  'sms.reason.phone': { 'zh-CN': '服务商不接受该手机号码', 'en-US': 'the provider refused the phone number' },
  'sms.reason.params': {
    'zh-CN': '模板参数与模板不符',
    'en-US': 'the parameters do not match the template',
  },
  'sms.reason.other': { 'zh-CN': '服务商拒绝了请求', 'en-US': 'the provider refused the request' },
  'sms.unreachable': {
    'zh-CN': '短信发送失败：无法连接短信服务 {host}',
    'en-US': 'The SMS was not sent: the SMS service at {host} cannot be reached',
  },
  'sms.badAnswer': {
    'zh-CN': '短信发送失败：短信服务 {host} 的应答无法识别（HTTP {status}）',
    'en-US': 'The SMS was not sent: the SMS service at {host} answered something unrecognisable (HTTP {status})',
  },
  'sms.tooMany.phone': {
    'zh-CN': '该手机号码发送过于频繁，请稍后再试',
    'en-US': 'Too many messages to this phone number; please try again later',
  },
  'sms.tooMany.tenant': {
    'zh-CN': '本租户短信发送已达每小时上限，请稍后再试',
    'en-US': "This tenant's hourly SMS limit is reached; please try again later",
  },
  'sms.validate.sent': { 'zh-CN': '验证码已发送', 'en-US': 'The verification code was sent' },
  'sms.validate.ok': { 'zh-CN': '短信校验成功', 'en-US': 'The code is correct' },
  'sms.validate.wrong': { 'zh-CN': '验证码不正确', 'en-US': 'The verification code is wrong' },
  'sms.validate.expired': {
    'zh-CN': '验证码已失效，请重新获取',
    'en-US': 'The verification code has expired; please ask for a new one',
  },
  'sms.validate.tooMany': {
    'zh-CN': '验证码错误次数过多，请重新获取',
    'en-US': 'Too many wrong codes; please ask for a new one',
  },
  'sms.secretKey.unreadable': {
    'zh-CN': '短信配置 {code} 的 secretKey 无法解密，请重新填写',
    'en-US': 'The secret key of SMS configuration {code} cannot be opened; please enter it again',
  },
  'sms.notice.title': { 'zh-CN': '通知标题', 'en-US': 'Notice title' },
  'sms.notice.content': { 'zh-CN': '通知内容', 'en-US': 'Notice content' },
  'sms.notice.date': { 'zh-CN': '通知时间', 'en-US': 'Notice time' },
  'sms.order.orderNo': { 'zh-CN': '订单编号', 'en-US': 'Order number' },
  'sms.order.packageNo': { 'zh-CN': '快递单号', 'en-US': 'Tracking number' },
  'sms.order.user': { 'zh-CN': '收件人', 'en-US': 'Recipient' },
  'sms.meeting.roomId': { 'zh-CN': '会议室', 'en-US': 'Meeting room' },
  'sms.meeting.topic': { 'zh-CN': '会议主题', 'en-US': 'Meeting topic' },
  'sms.meeting.date': { 'zh-CN': '会议时间', 'en-US': 'Meeting time' },
  'sms.provider.1': { 'zh-CN': '云片', 'en-US': 'Yunpian' },
  'sms.provider.2': { 'zh-CN': '七牛云', 'en-US': 'Qiniu' },
  'sms.provider.3': { 'zh-CN': '阿里云', 'en-US': 'Aliyun' },
  'sms.provider.4': { 'zh-CN': '腾讯云', 'en-US': 'Tencent Cloud' },
});
