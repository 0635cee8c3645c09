import { createHash, randomBytes } from 'node:crypto';
import type { SharedStore } from '../../../platform/store/store.ts';
import { invalidGrant } from '../oauth-error.ts';
import { socialMessages as m } from './messages.ts';
import type { AuthorizationChecks } from './relying-party.ts';

/** How long a started sign-in may take at the provider. */
export const STATE_TTL_MS = 10 * 60_000;
/**
 * How long a state is remembered: past its ten minutes it is still known (so it is refused as expired,
 * not as unknown), and once used, as used.
 */
const REMEMBERED_MS = 60 * 60_000;
/** The cookie that binds a sign-in to the browser that started it (only its hash is stored). */
export const BINDING_COOKIE = 'cw_social';

/** A started sign-in, kept in the shared store under its state (so any instance may finish it). */
export interface StartedSignIn extends AuthorizationChecks {
  tenantId: string;
  source: string;
  /** sha256 of the browser's binding cookie. */
  binding: string;
  expiresAt: number;
}

const key = (state: string) => `social:state:${state}`;
const usedKey = (state: string) => `social:used:${state}`;
export const hashBinding = (value: string) => createHash('sha256').update(value).digest('base64url');
export const newBinding = () => randomBytes(32).toString('base64url');

/**
 * A new state: `<tenant>.<random>` (the page the provider sends back to reads its tenant from it, as
 * BladeX's client keeps the tenant in the state), kept with what the code's exchange must check.
 */
export async function startSignIn(store: SharedStore, signIn: Omit<StartedSignIn, 'expiresAt'>): Promise<string> {
  const state = `${signIn.tenantId}.${randomBytes(24).toString('base64url')}`;
  await store.set(key(state), JSON.stringify({ ...signIn, expiresAt: Date.now() + STATE_TTL_MS }), REMEMBERED_MS);
  return state;
}

/**
 * The started sign-in of a state, once: a second use, an unknown (forged) state, one older than ten
 * minutes, one from another browser (cookie), another tenant or another source is refused, each saying so.
 * Taking the state is one atomic step of the store, so two requests racing with one state cannot both pass.
 */
export async function finishSignIn(
  store: SharedStore,
  state: string,
  expected: { tenantId: string; source: string; binding: string | undefined },
): Promise<StartedSignIn> {
  if (!/^[\w-]{1,12}\.[\w-]{32}$/.test(state)) throw invalidGrant(m['auth.social.state.invalid']);
  const kept = await store.take(key(state));
  if (!kept) {
    const used = await store.get(usedKey(state));
    throw invalidGrant(used ? m['auth.social.state.used'] : m['auth.social.state.invalid']);
  }
  await store.set(usedKey(state), '1', REMEMBERED_MS);
  const started = JSON.parse(kept) as StartedSignIn;
  if (started.expiresAt <= Date.now()) throw invalidGrant(m['auth.social.state.expired']);
  if (!expected.binding || hashBinding(expected.binding) !== started.binding) {
    throw invalidGrant(m['auth.social.state.browser']);
  }
  if (started.tenantId !== expected.tenantId) throw invalidGrant(m['auth.social.tenant.mismatch']);
  if (started.source !== expected.source) throw invalidGrant(m['auth.social.state.source']);
  return started;
}
