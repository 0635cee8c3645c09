import { z } from 'zod';
import { smsMessages as m } from './messages.ts';

/**
 * BladeX's fixed-purpose sends (SmsEndpoint send-notice, send-order, send-meeting): the enabled
 * configuration's template, with the parameters BladeX puts in each, in its order (Tencent takes the
 * values by position). BladeX fills them with placeholder words; here a caller may send the values,
 * and the placeholders (in the caller's language) fill the ones not sent.
 */
export const SMS_NOTICES = {
  'send-notice': { title: m['sms.notice.title'], content: m['sms.notice.content'], date: m['sms.notice.date'] },
  'send-order': { orderNo: m['sms.order.orderNo'], packageNo: m['sms.order.packageNo'], user: m['sms.order.user'] },
  'send-meeting': { roomId: m['sms.meeting.roomId'], topic: m['sms.meeting.topic'], date: m['sms.meeting.date'] },
} as const;

export type SmsNotice = keyof typeof SMS_NOTICES;

const value = z.string().trim().max(200).optional();

/** `phones` and the notice's own parameters, each optional. */
export function noticeQuery(notice: SmsNotice) {
  const params = Object.fromEntries(Object.keys(SMS_NOTICES[notice]).map((key) => [key, value]));
  return z.object({ phones: z.string().max(4000).describe('comma-separated 11-digit numbers'), ...params });
}

/** The template parameters: what the caller sent, else BladeX's placeholder word. */
export function noticeParams(
  notice: SmsNotice,
  query: Record<string, string | undefined>,
  word: (key: string) => string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SMS_NOTICES[notice]).map(([key, placeholder]) => [key, query[key] || word(placeholder)]),
  );
}
