import { createHash, timingSafeEqual } from 'node:crypto';
import { newSessionId } from '../../../platform/auth/tokens.ts';
import { findLoginUserById } from '../../user/account.ts';
import { invalidGrant, invalidRequest } from '../oauth-error.ts';
import type { TokenAnswer } from '../token/answer.ts';
import type { OAuthClient } from '../token/clients.ts';
import { checkTenant, type GrantDeps, issue, sessionScope } from '../token/grants.ts';
import { ssoMessages as m } from './messages.ts';
import { type CodeGrant, ssoStore } from './store.ts';

/** The token request's fields of this grant (RFC 6749 §4.1.3, RFC 7636 §4.5). */
export interface CodeExchange {
  code: string | undefined;
  redirectUri: string | undefined;
  codeVerifier: string | undefined;
  /** The tenant the client names (Saber sends its `state` as `tenantId` and `Tenant-Id`), if any. */
  tenantId: string | undefined;
}

/** The exchange's fields from the token request (query or form); the tenant as the route read it. */
export function codeExchange(params: Record<string, string | undefined>, tenantId: string | undefined): CodeExchange {
  return { code: params.code, redirectUri: params.redirect_uri, codeVerifier: params.code_verifier, tenantId };
}

// RFC 7636 §4.1: 43 to 128 characters of the unreserved set.
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/** Everything a code is bound to, checked against the exchange; the first mismatch refuses it. */
function checkBinding(grant: CodeGrant, client: OAuthClient, input: CodeExchange): void {
  if (grant.expiresAt <= Date.now() || grant.clientId !== client.clientId) throw invalidGrant(m['auth.code.invalid']);
  if (grant.redirectUri !== input.redirectUri) throw invalidGrant(m['auth.code.redirectUri']);
  const verifier = input.codeVerifier;
  // a verifier without a challenge is refused too: it may be a downgrade (RFC 9700 §2.1.1)
  if (grant.challenge ? !verifier || !VERIFIER.test(verifier) || !verifierMatches(verifier, grant.challenge) : verifier)
    throw invalidGrant(m['auth.code.verifier']);
  if (input.tenantId && input.tenantId !== grant.tenantId) throw invalidGrant(m['auth.code.tenant']);
}

/**
 * The authorization_code grant: a code of this client, for this redirect URI (and PKCE verifier),
 * good once and for a minute, answers the usual token answer of a new session. A second exchange
 * of a code revokes the session the first one started (RFC 6749 §4.1.2, §10.5).
 */
export async function authorizationCodeGrant(
  deps: GrantDeps,
  client: OAuthClient,
  input: CodeExchange,
): Promise<TokenAnswer> {
  const { platform } = deps;
  if (!input.code || input.code.length > 256) throw invalidRequest('auth.request.invalid', { field: 'code' });
  if (!input.redirectUri) throw invalidRequest('auth.request.invalid', { field: 'redirect_uri' });
  const sessionId = newSessionId();
  const redeemed = await ssoStore(platform.store).redeem(input.code, sessionId);
  if (redeemed && 'replayOf' in redeemed) {
    await platform.sessions.revokeSession(redeemed.replayOf);
    throw invalidGrant(m['auth.code.used']);
  }
  if (!redeemed) throw invalidGrant(m['auth.code.invalid']);
  const { grant } = redeemed;
  checkBinding(grant, client, input);
  await checkTenant(platform, grant.tenantId);
  const user = await platform.tenantDb.inTenant(grant.tenantId, (trx) =>
    findLoginUserById(trx, grant.tenantId, grant.userId),
  );
  if (!user) throw invalidGrant(m['auth.code.invalid']);
  return issue(deps, client, user, await sessionScope(platform, user, {}), sessionId);
}
