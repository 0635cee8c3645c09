import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id: the package's enum is a const enum, which erasable TypeScript cannot import.
const ARGON2ID = 2;

/** The web client sends md5(typed password) as hex; that is what gets hashed and checked. */
export const md5Hex = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** argon2id over the md5 the client sends (OWASP's recommended argon2id parameters). */
export function hashPassword(clientMd5: string): Promise<string> {
  return hash(clientMd5, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export function verifyPassword(stored: string, clientMd5: string): Promise<boolean> {
  return verify(stored, clientMd5).catch(() => false);
}

const LEGACY_SHA1 = /^[0-9a-f]{40}$/i;

/**
 * Checks what a client sent against a stored hash: argon2id, or the legacy BladeX sha1(md5) of
 * migrated users, which is accepted once and must then be replaced (`upgrade`).
 */
export async function checkPassword(stored: string, clientMd5: string): Promise<{ ok: boolean; upgrade: boolean }> {
  if (LEGACY_SHA1.test(stored)) {
    const given = createHash('sha1').update(clientMd5.toLowerCase(), 'utf8').digest();
    const ok = timingSafeEqual(given, Buffer.from(stored, 'hex'));
    return { ok, upgrade: ok };
  }
  return { ok: await verifyPassword(stored, clientMd5), upgrade: false };
}

/** A password a person can type: 16 characters from an alphabet without look-alikes. */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
