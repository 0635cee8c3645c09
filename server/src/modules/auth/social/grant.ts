import { readParam } from '../../system/param/service.ts';
import { findLoginUserById, type LoginUser } from '../../user/account.ts';
import {
  findLink,
  insertLink,
  issueTicket,
  oauthLinkMessages as links,
  readTicket,
  spendTicket,
} from '../../user/oauth-links.ts';
import { invalidGrant, OAuthError } from '../oauth-error.ts';
import type { TokenAnswer } from '../token/answer.ts';
import type { OAuthClient } from '../token/clients.ts';
import { checkTenant, type GrantDeps, issue, type Narrowing, passwordGrant, sessionScope } from '../token/grants.ts';
import { socialMessages as m } from './messages.ts';
import { findProvider } from './providers.ts';
import { configOf, exchangeCode } from './relying-party.ts';
import { finishSignIn } from './state.ts';

/** `grant_type=social` as the provider's redirect brings it back (Saber: tenantId, source, code, state). */
export interface SocialCallback extends Narrowing {
  tenantId: string;
  source: string;
  code: string;
  state: string;
  /** The provider's `iss` of the redirect, when the client forwards it. */
  iss?: string;
  /** The browser's binding cookie. */
  binding?: string;
  address: string;
}

/** An identity no user of the tenant has: no session; its ticket (`oauth_id`) lets the dialog link or register it. */
const unregistered = (oauthId: string) =>
  new OAuthError(400, 'invalid_grant', m['auth.social.unregistered'], {}, { oauth_id: oauthId });

/**
 * The sign-in of a linked user, with the password grant's rules: the account's lock (a locked account
 * stays locked whatever signs it in), its state (awaiting approval, disabled) and its roles.
 */
async function signInLinked(deps: GrantDeps, client: OAuthClient, user: LoginUser, input: SocialCallback) {
  const { platform, failures } = deps;
  const limit = Number(await readParam(platform.db, 'account.failCount', '5')) || 5;
  const attempt = {
    tenantId: user.tenantId,
    account: user.account,
    address: input.address,
    limit,
    captchaPassed: true,
  };
  const verdict = await failures.attempt(attempt);
  if (verdict === 'locked' || verdict === 'locks') throw invalidGrant('auth.locked');
  const scope = await sessionScope(platform, user, input);
  await failures.succeeded(user.tenantId, user.account, input.address);
  return issue(deps, client, user, scope);
}

/**
 * `grant_type=social`: the provider (enabled, of the tenant), the state (once, this browser, ten
 * minutes, this tenant and source), the code's exchange with the state's PKCE verifier and nonce, then
 * the linked user, or the ticket of an unknown identity.
 */
export async function socialGrant(deps: GrantDeps, client: OAuthClient, input: SocialCallback): Promise<TokenAnswer> {
  const { platform } = deps;
  const { tenantId, source } = input;
  await checkTenant(platform, tenantId);
  const provider = await findProvider(platform.db, tenantId, source);
  if (!provider) throw invalidGrant(m['auth.social.source.unknown'], { source });
  if (provider.enabled !== 1) throw invalidGrant(m['auth.social.source.disabled'], { source });
  const started = await finishSignIn(platform.store, input.state, { tenantId, source, binding: input.binding });
  const config = await configOf(provider, platform.sealer);
  const identity = { source, ...(await exchangeCode(config, provider, input, started)) };

  const found = await platform.tenantDb.inTenant(tenantId, async (trx) => {
    const link = await findLink(trx, tenantId, source, identity.uuid);
    const user = link && (await findLoginUserById(trx, tenantId, link.userId));
    return link && user ? { link, user } : undefined;
  });
  if (!found) throw unregistered(await issueTicket(platform.store, { tenantId, identity }));
  const answer = await signInLinked(deps, client, found.user, input);
  return { ...answer, oauth_id: found.link.id };
}

/**
 * The registration dialog's "link to my account": `grant_type=social` with the unknown identity's
 * `oauth_id` and the account's password. The password grant runs as ever (lock, messages, log); the
 * identity is linked before any token is issued, so a refused link starts no session.
 */
export async function linkGrant(
  deps: GrantDeps,
  client: OAuthClient,
  input: { tenantId: string; oauthId: string; username: string; password: string; address: string } & Narrowing,
): Promise<TokenAnswer> {
  const { platform } = deps;
  const ticket = await readTicket(platform.store, input.oauthId, input.tenantId);
  if (!ticket) throw invalidGrant(links['user.oauth.ticket']);
  let linkId = '';
  const answer = await passwordGrant(deps, client, {
    ...input,
    captchaPassed: false,
    beforeIssue: async (user) => {
      const id = await platform.tenantDb.inTenant(user.tenantId, (trx) =>
        insertLink(trx, user.tenantId, user.id, ticket.identity),
      );
      if (!id) throw invalidGrant(links['user.oauth.linkedOther']);
      linkId = id;
    },
  });
  await spendTicket(platform.store, input.oauthId);
  return { ...answer, oauth_id: linkId };
}
