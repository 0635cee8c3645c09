import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type svgCaptchaModule from 'svg-captcha';
import type { SharedStore } from '../../platform/store/store.ts';
import { invalidGrant } from './oauth-error.ts';

const TTL_MS = 5 * 60 * 1000;
// Loaded with the first captcha, not at every start: it reads and parses its font when loaded.
const require = createRequire(import.meta.url);
let svgCaptcha: typeof svgCaptchaModule | undefined;
const key = (id: string) => `captcha:${id}`;

/** A new captcha: 5 characters drawn as an SVG image; its answer waits 5 minutes in the shared store. */
export async function newCaptcha(store: SharedStore): Promise<{ key: string; image: string }> {
  svgCaptcha ??= require('svg-captcha') as typeof svgCaptchaModule;
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
