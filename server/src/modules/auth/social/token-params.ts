import type { FastifyRequest } from 'fastify';
import { MASK } from '../../../platform/audit/mask.ts';
import type { TokenAnswer } from '../token/answer.ts';
import type { OAuthClient } from '../token/clients.ts';
import { type GrantDeps, type Narrowing, requireField } from '../token/grants.ts';
import { linkGrant, socialGrant } from './grant.ts';
import { bindingOf } from './render-routes.ts';

/** `grant_type=social`'s own parameters: the provider's redirect (source, code, state, iss), or a link (oauth_id). */
export interface SocialParams {
  source?: string;
  code?: string;
  state?: string;
  iss?: string;
  oauthId?: string;
}

/** What the api log keeps of a social grant: not the code, the state or the ticket (each a credential for a while). */
export const redactSocial = (params: Record<string, unknown>) => {
  const kept = { ...params };
  for (const key of ['code', 'state', 'oauth_id', 'oauthId']) if (key in kept) kept[key] = MASK;
  return kept;
};

export const socialParams = (raw: Record<string, string | undefined>): SocialParams => ({
  source: raw.source,
  code: raw.code,
  state: raw.state,
  iss: raw.iss,
  oauthId: raw.oauth_id ?? raw.oauthId,
});

/**
 * The social grant of a token request: with `oauth_id`, the registration dialog links the identity to
 * the account named by username and password; otherwise the provider's redirect signs in.
 */
export function socialGrantOf(
  deps: GrantDeps,
  client: OAuthClient,
  request: FastifyRequest,
  tenantId: string,
  params: { social?: SocialParams; username?: string; password?: string },
  narrowing: Narrowing,
): Promise<TokenAnswer> {
  const social = params.social ?? {};
  if (social.oauthId) {
    return linkGrant(deps, client, {
      tenantId,
      oauthId: social.oauthId,
      username: requireField(params.username, 'username'),
      password: requireField(params.password, 'password'),
      address: request.ip,
      ...narrowing,
    });
  }
  return socialGrant(deps, client, {
    tenantId,
    source: requireField(social.source, 'source'),
    code: requireField(social.code, 'code'),
    state: requireField(social.state, 'state'),
    iss: social.iss,
    binding: bindingOf(request),
    address: request.ip,
    ...narrowing,
  });
}
