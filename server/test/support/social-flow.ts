import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** The web client's origin as the tests' requests name it (the redirect URI the server derives from it). */
export const WEB_ORIGIN = 'http://127.0.0.1:8181';
export const redirectUriOf = (source: string) => `${WEB_ORIGIN}/oauth/redirect/${source}`;
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** A browser: its binding cookie on the server (as `cw_social=…`), if it got one. */
export interface Browser {
  cookie?: string;
}

/** `render/{source}`: where the server sends the browser (the provider, or back to the login page). */
export async function render(t: TestApp, browser: Browser, source: string, tenantId: string) {
  const res = await t.app.inject({
    url: `/api/blade-auth/oauth/render/${source}?tenantId=${tenantId}`,
    headers: { host: new URL(WEB_ORIGIN).host, ...(browser.cookie ? { cookie: browser.cookie } : {}) },
  });
  expect(res.statusCode, res.body).toBe(302);
  const set = res.headers['set-cookie'];
  if (set) browser.cookie = String(Array.isArray(set) ? set[0] : set).split(';')[0];
  return { location: String(res.headers.location), setCookie: set };
}

/** Follows the provider's redirects (with its cookies) until it sends the browser back to the web client. */
export async function atProvider(location: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  let url = new URL(location);
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
    const next = res.headers.get('location');
    if (!next) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    url = new URL(next, url);
    if (url.href.startsWith(`${WEB_ORIGIN}/`)) return Object.fromEntries(url.searchParams);
  }
  throw new Error('too many redirects at the provider');
}

/** The web client's social grant, as Saber sends it (query params, the tenant header), from this browser. */
export function socialToken(
  t: TestApp,
  browser: Browser,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const query = new URLSearchParams({ grant_type: 'social', scope: 'all', ...params });
  return t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${query}`,
    headers: {
      authorization: SABER,
      'tenant-id': params.tenantId ?? '',
      ...(browser.cookie ? { cookie: browser.cookie } : {}),
      ...headers,
    },
  });
}

/** A whole sign-in through the provider: render, the provider, the grant (in a fresh browser unless given). */
export async function signInWith(t: TestApp, source: string, tenantId: string, browser: Browser = {}) {
  const { location } = await render(t, browser, source, tenantId);
  const callback = await atProvider(location);
  return socialToken(t, browser, { tenantId, source, code: callback.code!, state: callback.state! });
}
