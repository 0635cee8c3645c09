import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../platform/http/errors.ts';
import { smsMessages as m } from './messages.ts';

const TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
const CODE_DIGITS = 6;

/** The store holds the code hashed with its id: a leaked store entry does not give it away. */
const hashOf = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');
const keyOf = (tenantId: string, id: string) => `sms:code:${tenantId}:${id}`;
const triesOf = (tenantId: string, id: string) => `sms:code-tries:${tenantId}:${id}`;

interface Held {
  phone: string;
  hash: string;
}

/** A new code for a number: kept five minutes in the shared store, and the code to send. */
export async function newVerificationCode(
  request: FastifyRequest,
  phone: string,
): Promise<{ id: string; code: string; commit(): Promise<void> }> {
  const id = randomUUID();
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  const tenantId = request.ctx.caller!.tenantId;
  const held: Held = { phone, hash: hashOf(id, code) };
  return {
    id,
    code,
    // only once the message went: a code nobody received must not wait to be guessed
    commit: () => request.server.platform.store.set(keyOf(tenantId, id), JSON.stringify(held), TTL_MS),
  };
}

/**
 * Checks a code: right once (then it is gone), wrong up to five times (then it is gone too), and
 * never after five minutes. The code of another tenant, or of another number, is simply wrong.
 */
export async function checkVerificationCode(
  request: FastifyRequest,
  input: { id: string; phone: string; value: string },
): Promise<void> {
  const store = request.server.platform.store;
  const tenantId = request.ctx.caller!.tenantId;
  const key = keyOf(tenantId, input.id);
  const text = await store.get(key);
  if (!text) throw badRequest(m['sms.validate.expired']);
  const tries = await store.increment(triesOf(tenantId, input.id), TTL_MS);
  if (tries > MAX_ATTEMPTS) {
    await store.delete(key);
    throw badRequest(m['sms.validate.tooMany']);
  }
  const held = JSON.parse(text) as Held;
  const given = Buffer.from(hashOf(input.id, input.value.trim()));
  const right = held.phone === input.phone.trim() && timingSafeEqual(given, Buffer.from(held.hash));
  if (!right) throw badRequest(m['sms.validate.wrong']);
  // single use: a second check of the same code, even at once, finds nothing
  if ((await store.take(key)) === null) throw badRequest(m['sms.validate.expired']);
}
