/** An SMS configuration as a provider uses it: the secret already opened. */
export interface SmsConfig {
  category: number;
  templateId: string;
  accessKey: string | null;
  secretKey: string;
  regionId: string | null;
  signName: string | null;
  appId: string | null;
  /** The provider's base address when not its public default (a regional one, or a test server). */
  endpoint: string | null;
}

export interface SmsMessage {
  /** 11-digit mainland numbers, already checked. */
  phones: readonly string[];
  /** Template variables in the caller's order. */
  params: Readonly<Record<string, string>>;
}

/** Why a provider refused: what the user is told, with the provider's own code and words. */
export type SmsFailureReason = 'credentials' | 'template' | 'sign' | 'quota' | 'phone' | 'params' | 'other';

export type SmsResult =
  | { ok: true; requestId: string | null }
  | { ok: false; reason: SmsFailureReason; code: string; detail: string };

/** One provider's SendSms: build and sign the request, send it, read its answer. Never throws on a refusal. */
export interface SmsProvider {
  send(config: SmsConfig, message: SmsMessage): Promise<SmsResult>;
}
