import { createHash, randomBytes } from 'node:crypto';
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

/** A password a person can type: 16 characters from an alphabet without look-alikes. */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
