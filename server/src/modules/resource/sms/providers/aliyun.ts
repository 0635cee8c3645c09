import { randomUUID } from 'node:crypto';
import { signAcs3 } from '../signing/acs3.ts';
import { baseUrl, callProvider, detailOf } from './http.ts';
import type { SmsFailureReason, SmsProvider } from './types.ts';

export const ALIYUN_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
const FORM = 'application/x-www-form-urlencoded';

/** Aliyun's error codes (https://help.aliyun.com/zh/sms/developer-reference/api-error-codes) by what the user must fix. */
function reasonOf(code: string): SmsFailureReason {
  if (/^(SignatureDoesNotMatch|InvalidAccessKeyId|IncompleteSignature|Forbidden|isv\.ACCOUNT_)/.test(code))
    return 'credentials';
  if (/TEMPLATE/.test(code)) return 'template';
  if (/SIGN(ATURE)?_|SIGN_NAME/.test(code)) return 'sign';
  if (/LIMIT|AMOUNT_NOT_ENOUGH|OUT_OF_SERVICE|Throttling/i.test(code)) return 'quota';
  if (/MOBILE/.test(code)) return 'phone';
  if (/PARAM/.test(code)) return 'params';
  return 'other';
}

/**
 * SendSms 2017-05-25, V3-signed (docs/decisions.md says why not the RPC V2 HMAC-SHA1): the
 * parameters go in a form body, whose hash the signature covers. Success is `Code == "OK"`.
 */
export const aliyunProvider: SmsProvider = {
  async send(config, message) {
    const url = baseUrl(config.endpoint, ALIYUN_ENDPOINT);
    const body = new URLSearchParams({
      PhoneNumbers: message.phones.join(','),
      SignName: config.signName ?? '',
      TemplateCode: config.templateId,
      TemplateParam: JSON.stringify(message.params),
    }).toString();
    const headers = signAcs3({
      method: 'POST',
      host: url.host,
      path: '/',
      query: {},
      action: 'SendSms',
      version: '2017-05-25',
      body,
      headers: { 'content-type': FORM },
      accessKeyId: config.accessKey ?? '',
      accessKeySecret: config.secretKey,
      date: new Date(),
      nonce: randomUUID(),
    });
    const answer = await callProvider(new URL('/', url), { headers, body });
    const reply = (answer.body ?? {}) as { Code?: unknown; Message?: unknown; RequestId?: unknown };
    if (answer.status === 200 && reply.Code === 'OK')
      return { ok: true, requestId: String(reply.RequestId ?? '') || null };
    const code = String(reply.Code ?? `HTTP ${answer.status}`);
    return { ok: false, reason: reasonOf(code), code, detail: detailOf(reply.Message) };
  },
};
