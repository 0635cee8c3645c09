import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { SharedStore } from '../../platform/store/store.ts';
import { invalidGrant } from './oauth-error.ts';

const TTL_MS = 5 * 60 * 1000;
const key = (id: string) => `captcha:${id}`;

/** A new captcha: 5 characters drawn as an SVG image; its answer waits 5 minutes in the shared store. */
export async function newCaptcha(store: SharedStore): Promise<{ key: string; image: string }> {
  const { text, data } = svgCaptcha.create({ size: 5, noise: 2, width: 130, height: 48, ignoreChars: '0oO1ilI' });
  const id = randomUUID();
  await store.set(key(id), text.toLowerCase(), TTL_MS);
  return { key: id, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/** Checks an answer, case-insensitively; each captcha answers once, right or wrong. */
export async function checkCaptcha(
  store: SharedStore,
  id: string | undefined,
  code: string | undefined,
): Promise<void> {
  const expected = id ? await store.take(key(id)) : null;
  if (!expected || !code || expected !== code.trim().toLowerCase()) throw invalidGrant('auth.captcha.bad');
}
