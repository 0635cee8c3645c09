import { baseUrl, callProvider, detailOf } from './http.ts';
import type { SmsFailureReason, SmsProvider } from './types.ts';

export const YUNPIAN_ENDPOINT = 'https://sms.yunpian.com';

/** Yunpian's error codes (https://www.yunpian.com/official/document/sms/zh_CN/returnvalue_common). */
function reasonOf(code: number): SmsFailureReason {
  if (code < 0) return 'credentials'; // -1 bad API key, -3 address not allowed, ...
  if ([5, 6, 7].includes(code)) return 'template';
  if ([3, 8, 9, 22, 33, 43].includes(code)) return 'quota'; // balance, repeats, per-number limits
  if ([2, 10].includes(code)) return 'phone';
  return 'other';
}

interface YunpianReply {
  code?: unknown;
  msg?: unknown;
  detail?: unknown;
  data?: { code?: unknown; msg?: unknown; sid?: unknown }[];
}

/**
 * Yunpian's template batch send (tpl_batch_send, v2): a plain form POST with the API key (the
 * configuration's secret key); `tpl_value` fills the template's `#name#` placeholders.
 */
export const yunpianProvider: SmsProvider = {
  async send(config, message) {
    const url = new URL('/v2/sms/tpl_batch_send.json', baseUrl(config.endpoint, YUNPIAN_ENDPOINT));
    const tplValue = Object.entries(message.params)
      .map(([k, v]) => `${encodeURIComponent(`#${k}#`)}=${encodeURIComponent(v)}`)
      .join('&');
    const body = new URLSearchParams({
      apikey: config.secretKey,
      mobile: message.phones.join(','),
      tpl_id: config.templateId,
      tpl_value: tplValue,
    }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' };
    const answer = await callProvider(url, { headers, body });
    const reply = (answer.body ?? {}) as YunpianReply;
    const failure = reply.data ? reply.data.find((d) => Number(d.code) !== 0) : reply;
    if (answer.status === 200 && reply.data?.length && !failure)
      return { ok: true, requestId: String(reply.data[0]?.sid ?? '') || null };
    const code = Number(failure?.code ?? Number.NaN);
    const detail = detailOf((failure as YunpianReply | undefined)?.detail ?? failure?.msg);
    return {
      ok: false,
      reason: reasonOf(code),
      code: Number.isNaN(code) ? `HTTP ${answer.status}` : String(code),
      detail,
    };
  },
};
