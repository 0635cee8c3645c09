import { refreshTokens } from '../api/auth.ts';
import { website } from '../config.ts';
import { useSession } from './session.ts';
import { getStore, getStoreEntry } from './storage.ts';

const CHECK_EVERY_MS = 10_000;

/** Seconds of token age after which it is refreshed; a stored `tokenTime` overrides it (tests use a short one). */
const tokenTime = () => Number(getStore<number>('tokenTime')) || website.tokenTime;

/**
 * Spec §4: every 10 s the stored token's age is checked; once it reaches the token time, one
 * refresh runs (a flag keeps a second one from starting while it is under way). A refused refresh
 * ends the session through the HTTP client's 401 handling.
 */
export function startTokenRefresh(now: () => number = Date.now): () => void {
  let refreshing = false;
  const check = async () => {
    const entry = getStoreEntry<string>('token');
    const { refreshToken, tenantId } = useSession.getState();
    if (refreshing || !entry?.content || !refreshToken) return;
    if ((now() - entry.datetime) / 1000 < tokenTime()) return;
    refreshing = true;
    try {
      useSession.getState().replaceTokens(await refreshTokens(refreshToken, tenantId));
    } catch {
      // the HTTP client has already shown the answer or ended the session
    } finally {
      refreshing = false;
    }
  };
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  return () => clearInterval(timer);
}
