import { createRequire } from 'node:module';
import type smCrypto from 'sm-crypto';
import { installationValue } from '../db/installation-secrets.ts';
import type { AnyDb } from '../tenancy/tenant-db.ts';

// sm-crypto (and its big-number library) loaded when first used, not at every start: only a
// SpringBlade sign-in, the public-key route and a configured key pair use it.
const require = createRequire(import.meta.url);
let library: typeof smCrypto.sm2 | undefined;
const sm2 = () => {
  library ??= (require('sm-crypto') as typeof smCrypto).sm2;
  return library;
};

/**
 * The SM2 key pair with which SpringBlade clients encrypt the password they sign in with: hex, the
 * public key uncompressed (`04‖x‖y`, 130 characters, as SpringBlade's Sm2KeyGenerator prints it and
 * Saber's `website.auth.publicKey` holds it), the private key 64 characters. The private key never
 * leaves the server.
 */
export interface Sm2KeyPair {
  publicKey: string;
  privateKey: string;
}

const SETTING_KEY = 'secret.sm2-private-key';
/** The order of the sm2p256v1 curve: a private key lies in [1, n-1]. */
const ORDER = BigInt('0xFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123');

/**
 * The key pair of a private key (and the public key that must go with it, when given). Accepts Java's
 * `BigInteger.toByteArray` hex too (SpringBlade's generator: a leading `00` byte, or leading zeros
 * dropped). Throws an Error that names no key material.
 */
export function sm2KeyPairOf(privateKey: string, publicKey?: string): Sm2KeyPair {
  const hex = privateKey.trim();
  if (!/^[0-9a-fA-F]{1,66}$/.test(hex)) throw new Error('must be the private key in hex (64 characters)');
  const d = BigInt(`0x${hex}`);
  if (d < 1n || d >= ORDER) throw new Error('is not a private key of the SM2 curve');
  const normalized = d.toString(16).padStart(64, '0');
  if (publicKey === undefined) return withDerivedPublicKey(normalized);
  const derived = sm2().getPublicKeyFromPrivateKey(normalized);
  const given = publicKey.trim();
  if (!sm2().verifyPublicKey(given)) throw new Error('is not a public key of the SM2 curve');
  if (!sm2().comparePublicKeyHex(given, derived)) throw new Error('does not belong to the private key');
  return { publicKey: derived, privateKey: normalized };
}

/**
 * The pair of a checked private key, its public key derived when first read: the derivation (a point
 * multiplication in sm-crypto's JavaScript big numbers) was ~0.2 s of every start's CPU, and only the
 * public-key route and `--print-sm2-public-key` read it.
 */
function withDerivedPublicKey(privateKey: string): Sm2KeyPair {
  let publicKey: string | undefined;
  return {
    privateKey,
    get publicKey() {
      publicKey ??= sm2().getPublicKeyFromPrivateKey(privateKey);
      return publicKey;
    },
  };
}

/**
 * The installation's key pair: the configured one, else one made at the first start and kept in
 * blade_setting (as the token secret), so every instance on the same database decrypts alike.
 */
export async function loadSm2KeyPair(db: AnyDb, configured?: Sm2KeyPair): Promise<Sm2KeyPair> {
  if (configured) return configured;
  const privateKey = await installationValue(db, SETTING_KEY, () => sm2().generateKeyPairHex().privateKey);
  return sm2KeyPairOf(privateKey);
}

const C1C2C3 = 0;
const C1C3C2 = 1;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What a client encrypted under the public key, or null when it does not decrypt. SpringBlade's
 * Saber encrypts with sm-crypto in C1C2C3 order (`doEncrypt(p, key, 0)`) and without the `04` point
 * prefix; SpringBlade decrypts with BouncyCastle (C1C2C3, adding the `04` when missing). Other tools
 * write C1C3C2 (sm-crypto's default) or keep the `04`: every reading is tried, and the ciphertext's
 * hash (C3) tells the right one (a wrong reading does not match it).
 */
export function sm2Decrypt(keys: Sm2KeyPair, ciphertext: string): string | null {
  const hex = ciphertext.trim();
  // C1 (64 bytes) and C3 (32 bytes) at least, and a message of at least one byte.
  if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length % 2 !== 0 || hex.length < 2 * (64 + 32 + 1)) return null;
  const readings = hex.startsWith('04') ? [hex, hex.slice(2)] : [hex];
  for (const reading of readings) {
    for (const mode of [C1C2C3, C1C3C2] as const) {
      try {
        const bytes = sm2().doDecrypt(reading, keys.privateKey, mode, { output: 'array' });
        if (bytes.length > 0) return utf8.decode(Uint8Array.from(bytes));
      } catch {
        // not this reading (or not UTF-8): try the next
      }
    }
  }
  return null;
}
