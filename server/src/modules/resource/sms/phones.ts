import { badRequest } from '../../../platform/http/errors.ts';
import { smsMessages as m } from './messages.ts';

export const MAX_PHONES = 100;

/**
 * A comma-separated list of mainland mobile numbers, checked as spec §5 says (empty, not 11 digits,
 * not a number starting with 1) and each named in the message; repeats are sent once.
 */
export function parsePhones(text: string | undefined): string[] {
  const phones = [...new Set((text ?? '').split(/[,，\s]+/).filter(Boolean))];
  if (!phones.length) throw badRequest(m['sms.phones.required']);
  if (phones.length > MAX_PHONES) throw badRequest(m['sms.phones.tooMany'], { max: MAX_PHONES });
  for (const phone of phones) {
    if (phone.length !== 11) throw badRequest(m['sms.phones.length'], { phone: phone.slice(0, 20) });
    if (!/^1\d{10}$/.test(phone)) throw badRequest(m['sms.phones.format'], { phone });
  }
  return phones;
}

/** What logs and answers may show of a number: `138****5678`. */
export const maskPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

/** Template variables: a JSON object of texts (numbers are sent as text). */
export function parseParams(text: string | undefined): Record<string, string> {
  if (!text?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(m['sms.params.format']);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest(m['sms.params.format']);
  const entries = Object.entries(parsed);
  if (entries.some(([, v]) => v === null || typeof v === 'object')) throw badRequest(m['sms.params.format']);
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}
