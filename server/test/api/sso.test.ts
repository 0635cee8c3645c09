import { sql } from 'kysely';
import * as oidc from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Single sign-on with this server as the authorization server: openid-client (a real relying party)
 * runs the authorization-code flow with PKCE against the listening server; the refusals are plain fetches.
 */
const AUTHORIZE = '/api/blade-auth/oauth/authorize';
const TOKEN = '/api/blade-auth/oauth/token';
const EN = { 'accept-language': 'en-US,en;q=0.9' };
const CALLBACK = 'http://127.0.0.1:18599/callback';
const OTHER_CALLBACK = 'http://app.example.test/signed-in';
const APP = { id: 'sso-app', secret: 'sso-app-secret' };
const OTHER = { id: 'sso-other', secret: 'sso-other-secret' };
const PLAIN = { id: 'no-code-app', secret: 'no-code-secret' };
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { data: any; msg: string };
let t: TestApp;
let base: string;

const basic = (c: { id: string; secret: string }) => `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`;

async function registerClient(c: { id: string; secret: string }, grants: string, redirectUris: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-system/client/submit',
    headers: t.auth(),
    payload: {
      clientId: c.id,
      clientSecret: c.secret,
      authorizedGrantTypes: grants,
      webServerRedirectUri: redirectUris,
      accessTokenValidity: 3600,
      refreshTokenValidity: 7200,
    },
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  await registerClient(APP, 'authorization_code,refresh_token', `${OTHER_CALLBACK}, ${CALLBACK}`);
  await registerClient(OTHER, 'authorization_code', CALLBACK);
  await registerClient(PLAIN, 'password,refresh_token', CALLBACK);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** The relying party's view of this server: its two endpoints, the client's secret sent as Basic. */
function relyingParty(c = APP) {
  const config = new oidc.Configuration(
    { issuer: base, authorization_endpoint: `${base}${AUTHORIZE}`, token_endpoint: `${base}${TOKEN}` },
    c.id,
    {},
    oidc.ClientSecretBasic(c.secret),
  );
  oidc.allowInsecureRequests(config);
  return config;
}

/** Where the server sends the browser: the Location of the answer, without following it. */
async function location(url: string | URL): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!, base);
}

/** The user signs in as the web client does (the password grant of its own client), answering the request. */
async function signInAndApprove(requestId: string, account = { tenantId: '000000', username: 'admin' }) {
  const query = new URLSearchParams({ ...account, password: md5Hex('admin-password'), grant_type: 'password' });
  const session = await fetch(`${base}${TOKEN}?${query}`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
  });
  expect(session.status).toBe(200);
  const { access_token } = (await session.json()) as { access_token: string };
  const res = await approve(requestId, { 'blade-auth': `bearer ${access_token}` });
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as Answer).data.redirect);
}

const approve = (request: string, headers: Record<string, string>) =>
  fetch(`${base}${AUTHORIZE}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ request }),
  });

/** An authorize request of the client, up to the code on its redirect URI. */
async function codeFor(params: Record<string, string>): Promise<URL> {
  const sso = await location(`${base}${AUTHORIZE}?${new URLSearchParams({ response_type: 'code', ...params })}`);
  expect(sso.pathname).toBe('/sso');
  return signInAndApprove(sso.searchParams.get('request')!);
}

/** A token request with plain fetch: form fields, the client's Basic header. */
function exchange(fields: Record<string, string>, c = APP, headers: Record<string, string> = {}) {
  return fetch(`${base}${TOKEN}`, {
    method: 'POST',
    headers: { authorization: basic(c), 'content-type': 'application/x-www-form-urlencoded', ...EN, ...headers },
    body: new URLSearchParams({ grant_type: 'authorization_code', ...fields }),
  });
}

describe('the OAuth client screen', () => {
  it('takes only whole http(s) redirect URIs without a fragment', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/client/submit',
      headers: { ...t.auth(), ...EN },
      payload: {
        clientId: 'bad-uris',
        authorizedGrantTypes: 'authorization_code',
        webServerRedirectUri: `${CALLBACK}, /relative, http://x.test/#f, ftp://x.test/`,
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(
      'Each redirect URI must be a whole http(s) URI without #, several separated by commas: /relative,http://x.test/#f,ftp://x.test/',
    );
  });
});

describe('the authorization-code flow with openid-client as the client', () => {
  it('signs the user in: PKCE S256 and state, the Blade token answer, a refresh that works', async () => {
    const config = relyingParty();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const sso = await location(url);
    expect(sso.pathname).toBe('/sso');
    const requestId = sso.searchParams.get('request')!;
    // the page asks what the request is: which client, where the user goes back
    const info = (await (await fetch(`${base}${AUTHORIZE}/request?request=${requestId}`)).json()) as Answer;
    expect(info.data).toEqual({ clientId: APP.id, redirectOrigin: 'http://127.0.0.1:18599', autoApprove: false });

    const callback = await signInAndApprove(requestId);
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    expect(callback.searchParams.get('state')).toBe(state);
    // 256 random bits, base64url
    expect(callback.searchParams.get('code')).toMatch(/^[\w-]{43}$/);

    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens).toMatchObject({ token_type: 'bearer', account: 'admin', tenant_id: '000000', client_id: APP.id });
    expect(tokens.expires_in).toBe(3600);
    const me = await fetch(`${base}/api/blade-auth/oauth/user-info`, {
      headers: { 'blade-auth': `bearer ${tokens.access_token}` },
    });
    expect(((await me.json()) as Answer).data).toMatchObject({ account: 'admin', tenantId: '000000' });

    const renewed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(renewed).toMatchObject({ token_type: 'bearer', account: 'admin', client_id: APP.id });
  });

  it('works without PKCE for a confidential client, to any of its registered redirect URIs', async () => {
    const callback = await codeFor({ client_id: APP.id, redirect_uri: OTHER_CALLBACK, state: 'xyz' });
    expect(callback.origin).toBe('http://app.example.test');
    const res = await exchange({ code: callback.searchParams.get('code')!, redirect_uri: OTHER_CALLBACK });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Record<string, string>).account).toBe('admin');
  });

  it("takes Saber's shape: the tenant as state, tenantId and Tenant-Id, parameters in the query", async () => {
    const callback = await codeFor({ client_id: APP.id, redirect_uri: CALLBACK, state: '000000' });
    const state = callback.searchParams.get('state')!;
    const query = new URLSearchParams({
      tenantId: state,
      code: callback.searchParams.get('code')!,
      grant_type: 'authorization_code',
      scope: 'all',
      redirect_uri: CALLBACK,
    });
    const res = await fetch(`${base}${TOKEN}?${query}`, {
      method: 'POST',
      headers: { authorization: basic(APP), 'tenant-id': state },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ tenant_id: '000000', account: 'admin', scope: 'all' });
  });
});

it("tells the page of the client's autoapprove (Spring's `true`, or our scope `all`)", async () => {
  const { db } = t.database;
  const infoOf = async () => {
    const sso = await location(`${base}${AUTHORIZE}?client_id=${OTHER.id}&redirect_uri=${CALLBACK}&response_type=code`);
    const res = await fetch(`${base}${AUTHORIZE}/request?request=${sso.searchParams.get('request')}`);
    return ((await res.json()) as Answer).data.autoApprove;
  };
  for (const [value, expected] of [
    ['true', true],
    ['read,all', true],
    ['read', false],
    [null, false],
  ] as const) {
    await sql`update blade_client set autoapprove = ${value} where client_id = ${OTHER.id}`.execute(db);
    expect(await infoOf(), String(value)).toBe(expected);
  }
});

describe('the token endpoint refuses a code', () => {
  const refused = async (res: Response, error: string, description: string) => {
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error, error_description: description });
  };
  const code = async (params: Record<string, string> = {}) =>
    (await codeFor({ client_id: APP.id, redirect_uri: CALLBACK, ...params })).searchParams.get('code')!;

  it('used twice, and the second use revokes the access and refresh tokens the first gave', async () => {
    const once = await code();
    const first = await exchange({ code: once, redirect_uri: CALLBACK });
    expect(first.status).toBe(200);
    const tokens = (await first.json()) as { access_token: string; refresh_token: string };
    const me = () =>
      fetch(`${base}/api/blade-auth/oauth/user-info`, { headers: { 'blade-auth': `bearer ${tokens.access_token}` } });
    expect((await me()).status).toBe(200);

    await refused(
      await exchange({ code: once, redirect_uri: CALLBACK }),
      'invalid_grant',
      'The authorization code was used already: the tokens it gave are revoked',
    );
    expect((await me()).status).toBe(401);
    const refresh = await fetch(`${base}${TOKEN}`, {
      method: 'POST',
      headers: { authorization: basic(APP), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    });
    expect(refresh.status).toBe(401);
  });

  it('after its minute', async () => {
    const late = await code();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    await refused(
      await exchange({ code: late, redirect_uri: CALLBACK }),
      'invalid_grant',
      'The authorization code is invalid or has expired, please sign in again',
    );
  });

  it('unknown, or in Chinese by default', async () => {
    const res = await exchange({ code: 'A'.repeat(43), redirect_uri: CALLBACK }, APP, { 'accept-language': '' });
    await refused(res, 'invalid_grant', '授权码无效或已过期,请重新登录');
  });

  it('with another redirect URI (even one the client registered)', async () => {
    await refused(
      await exchange({ code: await code(), redirect_uri: OTHER_CALLBACK }),
      'invalid_grant',
      'The redirect URI is not the one the authorization code was requested with',
    );
    const missing = await exchange({ code: await code() });
    await refused(missing, 'invalid_request', 'Missing or invalid parameter: redirect_uri');
  });

  it('of another client', async () => {
    await refused(
      await exchange({ code: await code(), redirect_uri: CALLBACK }, OTHER),
      'invalid_grant',
      'The authorization code is invalid or has expired, please sign in again',
    );
  });

  it('with a wrong, missing or unasked PKCE verifier', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const challenge = {
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    };
    const message = 'The PKCE check failed: the code_verifier is wrong or missing';
    const wrong = { code: await code(challenge), redirect_uri: CALLBACK, code_verifier: oidc.randomPKCECodeVerifier() };
    await refused(await exchange(wrong), 'invalid_grant', message);
    await refused(await exchange({ code: await code(challenge), redirect_uri: CALLBACK }), 'invalid_grant', message);
    const unasked = { code: await code(), redirect_uri: CALLBACK, code_verifier: verifier };
    await refused(await exchange(unasked), 'invalid_grant', message);
  });

  it('for another tenant than the one the client names', async () => {
    const res = await exchange({ code: await code(), redirect_uri: CALLBACK }, APP, { 'tenant-id': '123456' });
    await refused(res, 'invalid_grant', 'The authorization code was not issued for this tenant');
  });

  it('from a client without the grant, or with a wrong secret', async () => {
    const res = await exchange({ code: await code(), redirect_uri: CALLBACK }, PLAIN);
    await refused(res, 'invalid_request', 'Unsupported grant type: authorization_code');
    const forged = await exchange({ code: await code(), redirect_uri: CALLBACK }, { ...APP, secret: 'wrong-secret' });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as Record<string, string>).error).toBe('invalid_client');
  });
});

describe(`GET ${AUTHORIZE}`, () => {
  const authorize = (params: Record<string, string>) =>
    location(`${base}${AUTHORIZE}?${new URLSearchParams({ response_type: 'code', state: 's1', ...params })}`);

  it('shows a bad client on our page, never redirecting', async () => {
    for (const clientId of ['nobody', PLAIN.id, '']) {
      const to = await authorize({ client_id: clientId, redirect_uri: CALLBACK });
      expect(`${to.pathname}${to.search}`).toBe('/sso?error=client');
    }
  });

  it('shows a redirect URI that is not registered exactly on our page', async () => {
    for (const uri of [`${CALLBACK}/more`, `${CALLBACK}?x=1`, 'http://127.0.0.1:18599/', 'http://evil.test/callback']) {
      const to = await authorize({ client_id: APP.id, redirect_uri: uri });
      expect(`${to.pathname}${to.search}`).toBe('/sso?error=redirect_uri');
    }
    const missing = await location(`${base}${AUTHORIZE}?client_id=${APP.id}&response_type=code`);
    expect(`${missing.pathname}${missing.search}`).toBe('/sso?error=redirect_uri');
  });

  it('sends the other errors back to the verified redirect URI with the state (RFC 6749 §4.1.2.1)', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_type: '' }, 'invalid_request'],
      [{ code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: 'short', code_challenge_method: 'S256' }, 'invalid_request'],
      [{ code_challenge_method: 'S256' }, 'invalid_request'],
    ];
    for (const [params, error] of cases) {
      const to = await authorize({ client_id: APP.id, redirect_uri: CALLBACK, ...params });
      expect(`${to.origin}${to.pathname}`).toBe(CALLBACK);
      expect(Object.fromEntries(to.searchParams)).toEqual({ error, state: 's1' });
    }
  });

  it('answers a refused request with access_denied, once; approving needs a signed-in user', async () => {
    const sso = await authorize({ client_id: APP.id, redirect_uri: CALLBACK });
    const request = sso.searchParams.get('request')!;
    expect((await approve(request, {})).status).toBe(401);
    const deny = () =>
      fetch(`${base}${AUTHORIZE}/deny`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...EN },
        body: JSON.stringify({ request }),
      });
    const denied = await deny();
    expect(denied.status).toBe(200);
    const back = new URL(((await denied.json()) as Answer).data.redirect);
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 's1' });
    const again = await deny();
    expect(again.status).toBe(400);
    expect(((await again.json()) as Answer).msg).toBe(
      'The sign-in request has expired: go back to the application and sign in from there again',
    );
    const info = await fetch(`${base}${AUTHORIZE}/request?request=${request}`, { headers: EN });
    expect(info.status).toBe(400);
  });
});
