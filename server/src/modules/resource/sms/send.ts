import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../platform/http/errors.ts';
import { readParam } from '../../system/param/service.ts';
import { smsMessages as m } from './messages.ts';
import { maskPhone } from './phones.ts';
import { providerName, providerOf } from './providers/index.ts';
import { findSmsConfig, type SmsRow } from './repository.ts';

const HOUR_MS = 3600_000;
/** Limits per hour, changeable as parameters (system › params) without a restart. */
const PHONE_LIMIT = { param: 'sms.limit.phonePerHour', fallback: 10 };
const TENANT_LIMIT = { param: 'sms.limit.tenantPerHour', fallback: 1000 };

const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

async function limitOf(request: FastifyRequest, limit: { param: string; fallback: number }): Promise<number> {
  const value = Number(await readParam(request.server.platform.db, limit.param, String(limit.fallback)));
  return Number.isInteger(value) && value > 0 ? value : limit.fallback;
}

/**
 * Counts the messages before they go, in the shared store (so several instances count together):
 * per tenant and number, and per tenant. A refused send has counted too, so that retrying a
 * failing provider cannot flood a number. Keys hold the number hashed, never in the clear.
 */
async function countSends(request: FastifyRequest, tenantId: string, phones: readonly string[]): Promise<void> {
  const store = request.server.platform.store;
  const window = Math.floor(Date.now() / HOUR_MS);
  const [perPhone, perTenant] = await Promise.all([limitOf(request, PHONE_LIMIT), limitOf(request, TENANT_LIMIT)]);
  const counts = await Promise.all(
    phones.map((phone) => store.increment(`sms:rate:phone:${tenantId}:${digest(phone)}:${window}`, HOUR_MS)),
  );
  if (counts.some((count) => count > perPhone)) throw new AppError(429, m['sms.tooMany.phone']);
  const tenantCounts = await Promise.all(
    phones.map(() => store.increment(`sms:rate:tenant:${tenantId}:${window}`, HOUR_MS)),
  );
  if (Math.max(...tenantCounts) > perTenant) throw new AppError(429, m['sms.tooMany.tenant']);
}

/** The configuration named by `code`, else the enabled one, in the caller's tenant only. */
export async function pickConfig(request: FastifyRequest, code: string | undefined): Promise<SmsRow> {
  const tenantId = request.ctx.caller!.tenantId;
  const row = await request.readInTenant((trx) => findSmsConfig(trx, tenantId, code || undefined));
  if (!row) throw code ? badRequest(m['sms.config.unknown'], { code }) : badRequest(m['sms.config.none']);
  return row;
}

/**
 * Sends one template message through the configuration's provider, after the rate limits. A refusal
 * answers a 400 that says what to fix (credentials, template, sign name, quota) with the provider's
 * own code and words. The log line names the configuration and the masked numbers: never the secret,
 * the parameters (a verification code) or a whole number.
 */
export async function sendSms(
  request: FastifyRequest,
  config: SmsRow,
  phones: readonly string[],
  params: Record<string, string>,
): Promise<void> {
  const provider = providerOf(config.category);
  await countSends(request, request.ctx.caller!.tenantId, phones);
  let secretKey: string;
  try {
    secretKey = request.server.platform.sealer.open(config.secretKey);
  } catch {
    throw badRequest(m['sms.secretKey.unreadable'], { code: config.smsCode });
  }
  const result = await provider.send({ ...config, secretKey }, { phones, params });
  const logged = { config: config.smsCode, category: config.category, phones: phones.map(maskPhone) };
  if (!result.ok) {
    request.log.info({ sms: { ...logged, refused: result.code } }, 'sms refused by the provider');
    throw badRequest(m['sms.failed'], {
      reason: { messageKey: `sms.reason.${result.reason}` },
      provider: providerName(config.category),
      code: result.code,
      detail: result.detail,
    });
  }
  request.log.info({ sms: { ...logged, requestId: result.requestId } }, 'sms sent');
}
