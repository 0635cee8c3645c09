import { tc3Signature } from '../signing/tc3.ts';
import { baseUrl, callProvider, detailOf } from './http.ts';
import type { SmsFailureReason, SmsProvider } from './types.ts';

export const TENCENT_ENDPOINT = 'https://sms.tencentcloudapi.com';
const DEFAULT_REGION = 'ap-guangzhou';

/** Tencent's error codes (SendSms 2021-01-11, "Error Codes") by what the user must fix. */
function reasonOf(code: string): SmsFailureReason {
  if (/^AuthFailure|SecretId|SignatureFailure/.test(code)) return 'credentials';
  if (/Template/.test(code)) return 'template';
  if (/Signature|SignName|Sign\b/.test(code)) return 'sign';
  if (/LimitExceeded|Insufficient|Balance|RequestLimit/i.test(code)) return 'quota';
  if (/PhoneNumber/.test(code)) return 'phone';
  if (/Parameter/.test(code)) return 'params';
  return 'other';
}

interface TencentReply {
  Response?: {
    Error?: { Code?: unknown; Message?: unknown };
    SendStatusSet?: { Code?: unknown; Message?: unknown }[];
    RequestId?: unknown;
  };
}

/**
 * SendSms 2021-01-11 on API 3.0 (BladeX's qcloudsms v2 is retired): numbers in E.164, the template's
 * values in order, the application as SmsSdkAppId. Success is every status `Code == "Ok"`.
 */
export const tencentProvider: SmsProvider = {
  async send(config, message) {
    const url = baseUrl(config.endpoint, TENCENT_ENDPOINT);
    const body = JSON.stringify({
      PhoneNumberSet: message.phones.map((phone) => `+86${phone}`),
      SmsSdkAppId: config.appId ?? '',
      SignName: config.signName ?? '',
      TemplateId: config.templateId,
      TemplateParamSet: Object.values(message.params),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const { authorization } = tc3Signature({
      host: url.host,
      service: 'sms',
      body,
      secretId: config.accessKey ?? '',
      secretKey: config.secretKey,
      timestamp,
    });
    const headers = {
      authorization,
      'content-type': 'application/json; charset=utf-8',
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-timestamp': String(timestamp),
      'x-tc-region': config.regionId?.trim() || DEFAULT_REGION,
    };
    const answer = await callProvider(new URL('/', url), { headers, body });
    const reply = ((answer.body ?? {}) as TencentReply).Response ?? {};
    const failure = reply.Error ?? reply.SendStatusSet?.find((s) => s.Code !== 'Ok');
    if (answer.status === 200 && !failure && reply.SendStatusSet?.length)
      return { ok: true, requestId: String(reply.RequestId ?? '') || null };
    const code = String(failure?.Code ?? `HTTP ${answer.status}`);
    return { ok: false, reason: reasonOf(code), code, detail: detailOf(failure?.Message) };
  },
};
