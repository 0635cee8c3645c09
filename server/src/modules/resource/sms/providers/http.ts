import { badRequest } from '../../../../platform/http/errors.ts';
import { smsMessages as m } from '../messages.ts';

const TIMEOUT_MS = 10_000;
/** The provider's words are shown to the user: a bounded piece of them. */
const MAX_DETAIL = 200;

export interface ProviderAnswer {
  status: number;
  body: unknown;
}

/**
 * One call to a provider: no redirects followed (a configured address answers itself), ten seconds at
 * most, the answer read as JSON. An unreachable or unreadable service is the user's clear 400.
 */
export async function callProvider(
  url: URL,
  init: { headers: Record<string, string>; body: string },
): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw badRequest(m['sms.unreachable'], { host: url.host });
  }
  const text = await response.text().catch(() => '');
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw badRequest(m['sms.badAnswer'], { host: url.host, status: response.status });
  }
}

/** A provider's own message, bounded and on one line. */
export const detailOf = (value: unknown) =>
  String(value ?? '')
    .replace(/\s+/g, ' ')
    .slice(0, MAX_DETAIL);

/** The configured base address, else the provider's public one. */
export const baseUrl = (endpoint: string | null, fallback: string) => new URL(endpoint?.trim() || fallback);
