import { sql } from 'kysely';
import type { AnyDb } from '../../../platform/tenancy/tenant-db.ts';
import type { SignInRequest } from './store.ts';

export const CODE_GRANT = 'authorization_code';

/**
 * What is wrong with an authorize request. `client` and `redirect_uri` are shown to the user on our
 * page (RFC 6749 §4.1.2.1: never redirect to a URI that is not verified); the others are sent back
 * to the client's redirect URI as `error`.
 */
export type AuthorizeProblem =
  | { shown: 'client' | 'redirect_uri' }
  | { redirect: string; error: 'invalid_request' | 'unsupported_response_type'; state: string | null };

/** The query of `GET oauth/authorize`, as sent. */
export interface AuthorizeQuery {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

// RFC 7636 §4.2: BASE64URL(SHA256(verifier)) is 43 characters.
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The redirect URIs a client registered (`web_server_redirect_uri`), or any comma-separated list. */
export const registeredUris = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);

/** An absolute http(s) URI without a fragment (RFC 6749 §3.1.2), where parameters can be added. */
export function isRedirectable(uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  return (url.protocol === 'https:' || url.protocol === 'http:') && !uri.includes('#');
}

/** The client, enabled, holding the authorization_code grant; null when it is none of these. */
async function codeClient(db: AnyDb, clientId: string) {
  const { rows } = await sql<{ grantTypes: string; redirectUris: string | null; autoApprove: string | null }>`
    select authorized_grant_types as "grantTypes", web_server_redirect_uri as "redirectUris",
           autoapprove as "autoApprove"
    from blade_client where client_id = ${clientId} and is_deleted = 0 and status = 1`.execute(db);
  const row = rows[0];
  if (!row?.grantTypes.split(',').some((g) => g.trim() === CODE_GRANT)) return null;
  // Spring's autoapprove: `true`, or the scopes approved without asking (ours is `all`)
  const autoApprove = registeredUris(row.autoApprove).some((v) => v === 'true' || v === 'all');
  return { redirectUris: registeredUris(row.redirectUris), autoApprove };
}

/** Checks an authorize request in RFC 6749's order: client and redirect URI first, then the rest. */
export async function checkAuthorize(db: AnyDb, query: AuthorizeQuery): Promise<SignInRequest | AuthorizeProblem> {
  const client = query.client_id ? await codeClient(db, query.client_id) : null;
  if (!client || !query.client_id) return { shown: 'client' };
  // exact string match (RFC 9700 §4.1.1): no prefixes, no patterns
  const redirectUri = query.redirect_uri;
  if (!redirectUri || !client.redirectUris.includes(redirectUri) || !isRedirectable(redirectUri)) {
    return { shown: 'redirect_uri' };
  }
  const state = query.state ?? null;
  const back = (error: 'invalid_request' | 'unsupported_response_type') => ({ redirect: redirectUri, error, state });
  if (!query.response_type) return back('invalid_request');
  if (query.response_type !== 'code') return back('unsupported_response_type');
  const challenge = query.code_challenge ?? null;
  if (challenge && (query.code_challenge_method !== 'S256' || !S256_CHALLENGE.test(challenge))) {
    return back('invalid_request');
  }
  if (!challenge && query.code_challenge_method) return back('invalid_request');
  return { clientId: query.client_id, redirectUri, state, challenge, autoApprove: client.autoApprove };
}

/** The client's redirect URI with the answer's parameters added (RFC 6749 §4.1.2). */
export function redirectWith(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}
