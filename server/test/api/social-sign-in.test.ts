import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { createCaller, createRole, createTenant, createUser } from '../support/factories.ts';
import { atProvider, type Browser, redirectUriOf, render, signInWith, socialToken } from '../support/social-flow.ts';
import { closedPort, startGithubStub, startOidcIdp } from '../support/social-idp.ts';
import { createTestApp, linesInto, type TestApp } from '../support/test-app.ts';

/**
 * Third-party sign-in (issue 23) against a real OpenID Connect provider (oidc-provider) and a
 * GitHub-style OAuth2 provider, both on 127.0.0.1: the providers' screen, the flows (unknown identity →
 * registration → approval → sign-in; link to an existing account; unlink) and every refusal.
 */
const TENANT = '230001';
const OTHER = '230002';
const PROVIDERS = '/api/blade-system/social-provider';
const OIDC_SECRET = 'oidc-Client-Secret-4711';
const GITHUB_SECRET = 'github-Client-Secret-0815';

let t: TestApp;
let idp: Awaited<ReturnType<typeof startOidcIdp>>;
let github: Awaited<ReturnType<typeof startGithubStub>>;
let approver: Record<string, string>;
let staffRole: string;
const logLines: string[] = [];

const submit = (payload: Record<string, unknown>, headers = t.auth()) =>
  t.app.inject({ method: 'POST', url: `${PROVIDERS}/submit`, headers, payload });

async function addProvider(payload: Record<string, unknown>): Promise<string> {
  const res = await submit(payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

const oidc = (tenantId: string, source: string, extra: Record<string, unknown> = {}) => ({
  tenantId,
  source,
  name: `Company IdP ${source}`,
  type: 'oidc',
  issuer: idp.url,
  clientId: 'warehouse',
  clientSecret: OIDC_SECRET,
  ...extra,
});

const registerGuest = (account: string, oauthId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-user/register-guest',
    payload: { tenantId: TENANT, name: `Guest ${account}`, account, password: 'guest-pass', oauthId },
  });

/** An administrator of the tenant approves the guest, and gives it a role. */
async function approve(account: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`select id::text as id from blade_user
    where tenant_id = ${TENANT} and account = ${account}`.execute(t.database.db);
  const id = rows[0]!.id;
  const res = await t.app.inject({ method: 'POST', url: `/api/blade-user/approve?userIds=${id}`, headers: approver });
  expect(res.statusCode, res.body).toBe(200);
  await sql`update blade_user set role_id = ${staffRole} where id = ${id}`.execute(t.database.db);
  return id;
}

const refusal = (res: { statusCode: number; json(): Record<string, unknown> }) => {
  expect(res.json().access_token).toBeUndefined();
  return { status: res.statusCode, message: res.json().error_description };
};

beforeAll(async () => {
  const logStream = linesInto(logLines);
  t = await createTestApp({ logStream });
  const db = t.database.db;
  for (const tenant of [TENANT, OTHER]) await createTenant(db, tenant);
  await sql`update blade_tenant set guest_registration = 1 where tenant_id = ${TENANT}`.execute(db);
  approver = await t.authFor(await createCaller(db, TENANT, 'approver', ['user', 'user_edit']));
  staffRole = await createRole(db, TENANT, 'staff', []);
  idp = await startOidcIdp({
    clientId: 'warehouse',
    secret: OIDC_SECRET,
    redirectUris: ['corp', 'corp2', 'off'].map(redirectUriOf),
  });
  github = await startGithubStub({ clientId: 'gh-client', secret: GITHUB_SECRET });
  await addProvider(oidc(TENANT, 'corp'));
  await addProvider(oidc(OTHER, 'corp'));
  await addProvider(oidc(TENANT, 'off', { enabled: 0 }));
  await addProvider({
    tenantId: TENANT,
    source: 'github',
    name: 'GitHub',
    type: 'oauth2',
    authorizeUrl: `${github.url}/login/oauth/authorize`,
    tokenUrl: `${github.url}/login/oauth/access_token`,
    userinfoUrl: `${github.url}/user`,
    clientId: 'gh-client',
    clientSecret: GITHUB_SECRET,
    scopes: 'read:user',
  });
});
afterAll(async () => {
  await t.close();
  await idp?.close();
  await github?.close();
});

describe('the providers’ screen', () => {
  it('is the platform administrator’s: a tenant’s administrator may neither read nor add', async () => {
    const tenantAdmin = await t.authFor(
      await createCaller(t.database.db, TENANT, 'admin-like', ['social', 'social_add', 'social_view']),
    );
    expect((await t.app.inject({ url: `${PROVIDERS}/page`, headers: tenantAdmin })).statusCode).toBe(403);
    expect((await submit(oidc(TENANT, 'sneaky'), tenantAdmin)).statusCode).toBe(403);
  });

  it('never answers the client secret, and keeps it sealed', async () => {
    const page = await t.app.inject({ url: `${PROVIDERS}/page?tenantId=${TENANT}`, headers: t.auth() });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(OIDC_SECRET);
    expect(page.body).not.toContain('clientSecret');
    const id = page.json().data.records.find((r: { source: string }) => r.source === 'corp').id;
    const detail = await t.app.inject({ url: `${PROVIDERS}/detail?id=${id}`, headers: t.auth() });
    expect(detail.json().data).toMatchObject({ source: 'corp', type: 'oidc', issuer: idp.url, clientId: 'warehouse' });
    expect(detail.body).not.toContain(OIDC_SECRET);
    const { rows } = await sql<{ secret: string }>`select client_secret as secret from blade_social_provider
      where id = ${id}`.execute(t.database.db);
    expect(rows[0]!.secret).toMatch(/^sealed:v1:/);
    expect(t.app.platform.sealer.open(rows[0]!.secret)).toBe(OIDC_SECRET);
  });

  it('refuses what cannot work: an OIDC provider without issuer, OAuth2 without endpoints, plain http elsewhere', async () => {
    const say = async (payload: Record<string, unknown>) => {
      const res = await submit(payload, { ...t.auth(), 'accept-language': 'en' });
      expect(res.statusCode).toBe(400);
      return res.json().msg;
    };
    expect(await say(oidc(TENANT, 'x1', { issuer: '' }))).toBe('An OpenID Connect provider needs its issuer');
    expect(await say({ ...oidc(TENANT, 'x2'), type: 'oauth2' })).toBe(
      'An OAuth2 provider needs its authorize, token and user-info URLs',
    );
    expect(await say(oidc(TENANT, 'x3', { issuer: 'http://idp.example.com' }))).toMatch(/https:\/\//);
    expect(await say(oidc(TENANT, 'x4', { clientSecret: undefined }))).toBe('Please enter the client secret');
    expect(await say(oidc('999999', 'x5'))).toBe('Tenant 999999 does not exist');
    const taken = await submit(oidc(TENANT, 'corp'), { ...t.auth(), 'accept-language': 'en' });
    expect(taken.statusCode).toBe(409);
  });

  it('shows the login page the tenant’s enabled providers, source and name only', async () => {
    const res = await t.app.inject({ url: `/api/blade-auth/oauth/providers?tenantId=${TENANT}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { source: 'corp', name: 'Company IdP corp' },
      { source: 'github', name: 'GitHub' },
    ]);
    expect((await t.app.inject({ url: '/api/blade-auth/oauth/providers?tenantId=999999' })).json().data).toEqual([]);
  });
});

describe('signing in through an OpenID Connect provider', () => {
  it('sends the browser to the provider with state, PKCE (S256) and nonce, and binds the state to it', async () => {
    const browser: Browser = {};
    const { location, setCookie } = await render(t, browser, 'corp', TENANT);
    const url = new URL(location);
    expect(url.origin).toBe(idp.url);
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUriOf('corp'));
    expect(url.searchParams.get('state')).toMatch(new RegExp(`^${TENANT}\\.[\\w-]{32}$`));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(String(setCookie)).toMatch(
      /^cw_social=[\w-]+; Path=\/api\/blade-auth\/oauth; HttpOnly; SameSite=Lax; Max-Age=600/,
    );
  });

  it('answers an unknown identity its oauth_id and no session; the guest it registers waits for approval, then signs in', async () => {
    idp.user = { sub: 'newcomer', name: 'New Comer', email: 'new@example.com' };
    const first = await signInWith(t, 'corp', TENANT);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ error: 'invalid_grant' });
    expect(first.json().error_description).toBe('该第三方账号尚未绑定本系统账号,请注册或绑定已有账号');
    expect(first.json().access_token).toBeUndefined();
    const oauthId = first.json().oauth_id;
    expect(oauthId).toMatch(/^[\w-]{32}$/);

    expect((await registerGuest('newcomer', oauthId)).statusCode).toBe(200);
    // the ticket is spent by the link it made
    expect((await registerGuest('newcomer-2', oauthId)).json().msg).toBe('第三方账号信息已失效,请重新通过第三方登录');
    const pending = await signInWith(t, 'corp', TENANT);
    expect(refusal(pending)).toEqual({ status: 400, message: '该账号正在等待管理员审核,审核通过后即可登录' });

    const userId = await approve('newcomer');
    const signedIn = await signInWith(t, 'corp', TENANT);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({
      user_id: userId,
      tenant_id: TENANT,
      account: 'newcomer',
      role_id: staffRole,
    });
    expect(signedIn.json().oauth_id).toMatch(/^\d+$/);
    const { rows } = await sql`select source, uuid, username, nickname, email from blade_user_oauth
      where user_id = ${userId}`.execute(t.database.db);
    expect(rows).toEqual([
      { source: 'corp', uuid: 'newcomer', username: 'newcomer', nickname: 'New Comer', email: 'new@example.com' },
    ]);
    // as a password sign-in: the login log has it
    const { rows: logged } = await sql`select grant_type as "grantType", result from blade_log_login
      where tenant_id = ${TENANT} and account = 'newcomer' order by create_time`.execute(t.database.db);
    expect(logged.at(-1)).toEqual({ grantType: 'social', result: 'success' });
  });

  it('links an unknown identity to an existing account after its password, then signs in as it', async () => {
    const ownerId = await createUser(t.database.db, TENANT, 'owner', 'owner-pass', { roleIds: [staffRole] });
    idp.user = { sub: 'owner-at-idp', name: 'Owner', email: 'owner@example.com' };
    const unknown = await signInWith(t, 'corp', TENANT);
    const oauthId = unknown.json().oauth_id;
    const link = (password: string) =>
      socialToken(t, {}, { tenantId: TENANT, oauth_id: oauthId, username: 'owner', password: md5Hex(password) });
    expect(refusal(await link('wrong-pass'))).toEqual({ status: 400, message: '用户名或密码错误' });
    const linked = await link('owner-pass');
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ user_id: ownerId, account: 'owner' });
    // spent: the same ticket links nothing more
    expect(refusal(await link('owner-pass')).message).toBe('第三方账号信息已失效,请重新通过第三方登录');
    const again = await signInWith(t, 'corp', TENANT);
    expect(again.json()).toMatchObject({ user_id: ownerId, account: 'owner' });
  });

  it('lists the user’s linked accounts, and unlinks one: the provider then signs in as no one', async () => {
    await createUser(t.database.db, TENANT, 'unlinker', 'unlink-pass', { roleIds: [staffRole] });
    idp.user = { sub: 'unlinker-at-idp', name: 'Unlinker', email: 'u@example.com' };
    const oauthId = (await signInWith(t, 'corp', TENANT)).json().oauth_id;
    const session = await socialToken(
      t,
      {},
      {
        tenantId: TENANT,
        oauth_id: oauthId,
        username: 'unlinker',
        password: md5Hex('unlink-pass'),
      },
    );
    const headers = { 'blade-auth': `bearer ${session.json().access_token}` };
    const linked = await t.app.inject({ url: '/api/blade-auth/oauth/linked', headers });
    expect(linked.json().data).toEqual([
      expect.objectContaining({ source: 'corp', sourceName: 'Company IdP corp', username: 'unlinker-at-idp' }),
    ]);
    const id = linked.json().data[0].id;
    // another user's link is not the caller's to remove
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/blade-auth/oauth/unlink?id=${id}`, headers: approver }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/blade-auth/oauth/unlink?id=${id}`, headers })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/blade-auth/oauth/linked', headers })).json().data).toEqual([]);
    const after = await signInWith(t, 'corp', TENANT);
    expect(after.json().error_description).toBe('该第三方账号尚未绑定本系统账号,请注册或绑定已有账号');
  });
});

describe('signing in through a GitHub-style OAuth2 provider', () => {
  it('registers the unknown identity as a guest, which signs in once approved (PKCE checked by the provider)', async () => {
    const browser: Browser = {};
    const { location } = await render(t, browser, 'github', TENANT);
    expect(new URL(location).searchParams.get('code_challenge_method')).toBe('S256');
    const callback = await atProvider(location);
    const first = await socialToken(t, browser, {
      tenantId: TENANT,
      source: 'github',
      code: callback.code!,
      state: callback.state!,
    });
    expect((await registerGuest('octocat', first.json().oauth_id)).statusCode).toBe(200);
    const userId = await approve('octocat');
    const res = await signInWith(t, 'github', TENANT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user_id).toBe(userId);
    const { rows } = await sql`select uuid, username, nickname, avatar from blade_user_oauth
      where user_id = ${userId}`.execute(t.database.db);
    expect(rows).toEqual([
      { uuid: '583231', username: 'octocat', nickname: 'Octo Cat', avatar: 'https://avatars.example/u.png' },
    ]);
  });
});

describe('refusals, each with its message and no session', () => {
  /** A state and code from the provider for a fresh browser. */
  async function started(source = 'corp', tenantId = TENANT) {
    const browser: Browser = {};
    const { location } = await render(t, browser, source, tenantId);
    const callback = await atProvider(location);
    return { browser, params: { tenantId, source, code: callback.code!, state: callback.state! } };
  }
  const say = async (browser: Browser, params: Record<string, string>) =>
    refusal(await socialToken(t, browser, params, { 'accept-language': 'en' }));

  it('a forged state', async () => {
    const { browser, params } = await started();
    expect(await say(browser, { ...params, state: `${TENANT}.${'A'.repeat(32)}` })).toEqual({
      status: 400,
      message: 'The third-party sign-in state is not valid: start again from the sign-in page',
    });
    expect((await say(browser, { ...params, state: 'nonsense' })).status).toBe(400);
  });

  it('a replayed state', async () => {
    idp.user = { sub: 'replayer', name: 'Replayer', email: 'r@example.com' };
    const { browser, params } = await started();
    expect((await socialToken(t, browser, params)).json().oauth_id).toBeTruthy();
    expect(await say(browser, params)).toEqual({
      status: 400,
      message: 'This third-party sign-in was used already: start again from the sign-in page',
    });
  });

  it('an expired state (older than ten minutes)', async () => {
    const { browser, params } = await started();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1000 });
    try {
      expect(await say(browser, params)).toEqual({
        status: 400,
        message: 'The third-party sign-in took longer than 10 minutes: start again from the sign-in page',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a state from another browser (or none)', async () => {
    const { params } = await started();
    const other: Browser = {};
    await render(t, other, 'corp', TENANT);
    expect(await say(other, params)).toEqual({
      status: 400,
      message: 'This third-party sign-in was not started in this browser',
    });
    const second = await started();
    expect((await say({}, second.params)).message).toBe('This third-party sign-in was not started in this browser');
  });

  it('a code used twice', async () => {
    idp.user = { sub: 'twice', name: 'Twice', email: 't@example.com' };
    const { browser, params } = await started();
    expect((await socialToken(t, browser, params)).json().oauth_id).toBeTruthy();
    // the same code with a new state of the same browser: the provider refuses it
    const { location } = await render(t, browser, 'corp', TENANT);
    const fresh = new URL(location).searchParams.get('state')!;
    expect(await say(browser, { ...params, state: fresh })).toEqual({
      status: 400,
      message: 'The provider refused the authorization (the code is invalid, used or expired): sign in again',
    });
  });

  it('a disabled provider, an unknown source: at the token endpoint and at render', async () => {
    const { browser, params } = await started();
    expect(await say(browser, { ...params, source: 'off' })).toEqual({
      status: 400,
      message: 'The third-party provider off is disabled',
    });
    expect(await say(browser, { ...params, source: 'nowhere' })).toEqual({
      status: 400,
      message: 'Unknown third-party provider: nowhere',
    });
    const off = await render(t, {}, 'off', TENANT);
    expect(off.location).toBe('/login?social_error=auth.social.source.disabled&source=off');
    expect((await render(t, {}, 'nowhere', TENANT)).location).toBe(
      '/login?social_error=auth.social.source.unknown&source=nowhere',
    );
  });

  it('a state of another tenant, another provider', async () => {
    const { browser, params } = await started();
    expect(await say(browser, { ...params, tenantId: OTHER })).toEqual({
      status: 400,
      message: 'This third-party sign-in was started for another tenant',
    });
    const second = await started();
    expect((await say(second.browser, { ...second.params, source: 'github' })).message).toBe(
      'This third-party sign-in was started for another provider',
    );
  });

  it('a provider that cannot be reached: at render, at the code’s exchange, and one that never answers', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    await addProvider(oidc(TENANT, 'down', { issuer: down }));
    expect((await render(t, {}, 'down', TENANT)).location).toBe(
      '/login?social_error=auth.social.unreachable&source=down',
    );
    // up at render, down at the exchange
    const second = await startOidcIdp({
      clientId: 'warehouse',
      secret: OIDC_SECRET,
      redirectUris: [redirectUriOf('corp2')],
    });
    await addProvider(oidc(TENANT, 'corp2', { issuer: second.url }));
    const browser: Browser = {};
    const callback = await atProvider((await render(t, browser, 'corp2', TENANT)).location);
    await second.close();
    expect(
      await say(browser, { tenantId: TENANT, source: 'corp2', code: callback.code!, state: callback.state! }),
    ).toEqual({ status: 400, message: 'The third-party provider corp2 could not be reached, please try again later' });

    const hanging = await started('github');
    github.hang = true;
    try {
      expect((await say(hanging.browser, hanging.params)).message).toBe(
        'The third-party provider github could not be reached, please try again later',
      );
    } finally {
      github.hang = false;
    }
  }, 30_000);

  it('wrote neither client secret nor any provider token to the log or the api log', async () => {
    const { rows } = await sql<{ params: string }>`select params from blade_log_api`.execute(t.database.db);
    const written = [...logLines, ...rows.map((r) => r.params)].join('\n');
    expect(github.tokens.length).toBeGreaterThan(0);
    for (const secret of [OIDC_SECRET, GITHUB_SECRET, ...github.tokens]) expect(written).not.toContain(secret);
  });
});
