import type * as Client from 'openid-client';
import type { Sealer } from '../../../platform/auth/sealed-secrets.ts';
import { invalidGrant, OAuthError } from '../oauth-error.ts';
import { socialMessages as m } from './messages.ts';
import type { SocialProvider } from './providers.ts';

/** How long a provider may take to answer one call before it counts as down. */
export const PROVIDER_TIMEOUT_S = 8;
/** How long a provider's discovered configuration is kept (its keys are fetched by openid-client as needed). */
const CONFIG_TTL_MS = 10 * 60_000;

/** Who signed in at the provider, in blade_user_oauth's terms. */
export interface Identity {
  uuid: string;
  username: string;
  nickname: string;
  avatar: string | null;
  email: string | null;
}

/** What the authorization request carried, which the code's exchange must prove again. */
export interface AuthorizationChecks {
  codeVerifier?: string;
  nonce?: string;
  redirectUri: string;
}

const configs = new Map<string, { config: Client.Configuration; until: number }>();

// openid-client is loaded with the first third-party sign-in, not at every start.
let library: typeof Client | undefined;
async function openidClient(): Promise<typeof Client> {
  library ??= await import('openid-client');
  return library;
}

const isHttp = (url: string) => url.startsWith('http:');

/** Why a call to the provider failed, as the sign-in says it: down, refused, or an answer that does not check. */
function refusalOf(error: unknown, source: string): OAuthError {
  if (error instanceof OAuthError) return error;
  // the library is loaded: the failed call was its own
  const client = library;
  if (client && (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError)) {
    return invalidGrant(m['auth.social.refused']);
  }
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { name, code, status } = cause as { name?: string; code?: string; status?: number };
    const network = name === 'TimeoutError' || name === 'AbortError' || (cause instanceof TypeError && !code);
    if (network || /^(ECONN|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR|EHOSTUNREACH)/.test(code ?? '')) {
      return invalidGrant(m['auth.social.unreachable'], { source });
    }
    if (typeof status === 'number' && status >= 500) return invalidGrant(m['auth.social.unreachable'], { source });
  }
  return invalidGrant(m['auth.social.failed']);
}

/** Runs a call to the provider; its failures become the sign-in's refusals (never with a token or secret in them). */
export async function atProvider<T>(source: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw refusalOf(error, source);
  }
}

async function buildConfig(provider: SocialProvider, secret: string): Promise<Client.Configuration> {
  const client = await openidClient();
  const insecure = provider.type === 'oidc' ? isHttp(provider.issuer!) : isHttp(provider.tokenUrl!);
  if (provider.type === 'oidc') {
    const issuer = new URL(provider.issuer!);
    const found = await client.discovery(issuer, provider.clientId, undefined, client.ClientSecretPost(secret), {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_S,
    });
    // Spring's and most providers' default is Basic; Post only where the provider says it takes no Basic.
    const methods = found.serverMetadata().token_endpoint_auth_methods_supported;
    const basic = !methods || methods.includes('client_secret_basic');
    const config = basic
      ? new client.Configuration(found.serverMetadata(), provider.clientId, undefined, client.ClientSecretBasic(secret))
      : found;
    if (insecure) client.allowInsecureRequests(config);
    config.timeout = PROVIDER_TIMEOUT_S;
    return config;
  }
  const config = new client.Configuration(
    {
      issuer: new URL(provider.authorizeUrl!).origin,
      authorization_endpoint: provider.authorizeUrl!,
      token_endpoint: provider.tokenUrl!,
      userinfo_endpoint: provider.userinfoUrl!,
    },
    provider.clientId,
    undefined,
    client.ClientSecretPost(secret),
  );
  if (insecure) client.allowInsecureRequests(config);
  config.timeout = PROVIDER_TIMEOUT_S;
  return config;
}

/** The provider's client configuration (OIDC: discovered from its issuer), kept a while per version of the row. */
export async function configOf(provider: SocialProvider, sealer: Sealer): Promise<Client.Configuration> {
  const key = `${provider.id}:${provider.version}`;
  const kept = configs.get(key);
  if (kept && kept.until > Date.now()) return kept.config;
  if (!provider.clientSecret) throw invalidGrant(m['auth.social.failed']);
  const config = await atProvider(provider.source, () => buildConfig(provider, sealer.open(provider.clientSecret!)));
  for (const [k, v] of configs) if (k.startsWith(`${provider.id}:`) || v.until <= Date.now()) configs.delete(k);
  configs.set(key, { config, until: Date.now() + CONFIG_TTL_MS });
  return config;
}

const defaultScopes = (provider: SocialProvider) =>
  provider.scopes?.trim() || (provider.type === 'oidc' ? 'openid profile email' : '');

/**
 * One sign-in's authorization request: PKCE (S256) where the provider takes it (an OIDC provider that
 * announces S256, an OAuth2 provider whose row says so) and a nonce for OIDC; the URL is made once the
 * state (which keeps these checks) is.
 */
export async function authorizationRequest(
  config: Client.Configuration,
  provider: SocialProvider,
  redirectUri: string,
): Promise<{ checks: AuthorizationChecks; urlFor(state: string): URL }> {
  const client = await openidClient();
  const params: Record<string, string> = { redirect_uri: redirectUri, response_type: 'code' };
  const scope = defaultScopes(provider);
  if (scope) params.scope = scope;
  const checks: AuthorizationChecks = { redirectUri };
  const methods = config.serverMetadata().code_challenge_methods_supported;
  const pkce = provider.type === 'oidc' ? Boolean(methods?.includes('S256')) : provider.pkce === 1;
  if (pkce) {
    checks.codeVerifier = client.randomPKCECodeVerifier();
    params.code_challenge = await client.calculatePKCECodeChallenge(checks.codeVerifier);
    params.code_challenge_method = 'S256';
  }
  if (provider.type === 'oidc') {
    checks.nonce = client.randomNonce();
    params.nonce = checks.nonce;
  }
  return { checks, urlFor: (state) => client.buildAuthorizationUrl(config, { ...params, state }) };
}

/** A value of the user-info answer by its field name; dots walk into objects. */
function fieldOf(info: Record<string, unknown>, path: string | null, fallback: string): string | null {
  let value: unknown = info;
  for (const part of (path || fallback).split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

const identity = (uuid: string | null, fields: Omit<Identity, 'uuid'>): Identity => {
  if (!uuid) throw invalidGrant(m['auth.social.failed']);
  return { uuid: uuid.slice(0, 64), ...fields };
};

/**
 * Exchanges the code (once: the provider refuses it again) with the checks of its authorization, and
 * reads who signed in: OIDC from the verified ID token (and user info where offered), OAuth2 from the
 * user-info URL through the row's field mapping.
 */
export async function exchangeCode(
  config: Client.Configuration,
  provider: SocialProvider,
  callback: { code: string; state: string; iss?: string },
  checks: AuthorizationChecks,
): Promise<Identity> {
  const client = await openidClient();
  const url = new URL(checks.redirectUri);
  url.searchParams.set('code', callback.code);
  url.searchParams.set('state', callback.state);
  // The state is bound to this provider and its redirect URI (a source each): RFC 9207's other defence
  // against mix-up. A client that forwards the provider's `iss` has it checked too.
  const announcesIss = config.serverMetadata().authorization_response_iss_parameter_supported;
  const iss = callback.iss ?? (announcesIss ? config.serverMetadata().issuer : undefined);
  if (iss) url.searchParams.set('iss', iss);
  return atProvider(provider.source, async () => {
    const tokens = await client.authorizationCodeGrant(config, url, {
      expectedState: callback.state,
      pkceCodeVerifier: checks.codeVerifier,
      expectedNonce: checks.nonce,
      idTokenExpected: provider.type === 'oidc',
    });
    if (provider.type === 'oidc') {
      const claims = tokens.claims()!;
      const info: Record<string, unknown> = config.serverMetadata().userinfo_endpoint
        ? { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) }
        : { ...claims };
      const username = fieldOf(info, 'preferred_username', '') ?? fieldOf(info, 'email', '') ?? claims.sub;
      return identity(claims.sub, {
        username,
        nickname: fieldOf(info, 'name', '') ?? username,
        avatar: fieldOf(info, 'picture', ''),
        email: fieldOf(info, 'email', ''),
      });
    }
    const answer = await client.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(provider.userinfoUrl!),
      'GET',
    );
    if (!answer.ok) throw Object.assign(new Error('user info refused'), { status: answer.status });
    const info = (await answer.json()) as Record<string, unknown>;
    const username = fieldOf(info, provider.usernameField, 'login') ?? '';
    return identity(fieldOf(info, provider.userIdField, 'id'), {
      username,
      nickname: fieldOf(info, provider.nicknameField, 'name') ?? username,
      avatar: fieldOf(info, provider.avatarField, 'avatar_url'),
      email: fieldOf(info, provider.emailField, 'email'),
    });
  });
}
