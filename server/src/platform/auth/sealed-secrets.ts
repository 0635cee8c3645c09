import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:v1:';

/**
 * Secrets the server must use again (a datasource password, an object-storage key) cannot be
 * hashed: they are sealed with AES-256-GCM under the installation's sealing key, and are never
 * answered by the API. A value that was not sealed by this key does not open.
 */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
  isSealed(value: string): boolean;
}

export function createSealer(secret: Uint8Array): Sealer {
  const key = createHash('sha256').update(secret).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed value');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    isSealed: (value) => value.startsWith(PREFIX),
  };
}
