import { badRequest } from '../../../../platform/http/errors.ts';
import { smsMessages as m } from '../messages.ts';
import { aliyunProvider } from './aliyun.ts';
import { tencentProvider } from './tencent.ts';
import type { SmsProvider } from './types.ts';
import { yunpianProvider } from './yunpian.ts';

/** The `sms` dictionary's keys. */
export const SMS_CATEGORY = { yunpian: 1, qiniu: 2, aliyun: 3, tencent: 4 } as const;

// Qiniu's SMS API signs with its own access token scheme and has no published test vector to hold an
// implementation to: it is refused by name rather than pretended.
const PROVIDERS: Record<number, SmsProvider> = {
  [SMS_CATEGORY.yunpian]: yunpianProvider,
  [SMS_CATEGORY.aliyun]: aliyunProvider,
  [SMS_CATEGORY.tencent]: tencentProvider,
};

export const providerName = (category: number) => ({ messageKey: `sms.provider.${category}` });

export function providerOf(category: number): SmsProvider {
  const provider = PROVIDERS[category];
  if (!provider) throw badRequest(m['sms.category.unsupported'], { provider: providerName(category) });
  return provider;
}
