import { type DeptRoleChoice, refreshTokens } from '../api/auth.ts';
import { website } from '../config.ts';
import { useSession } from './session.ts';
import { getStore, getStoreEntry } from './storage.ts';

const CHECK_EVERY_MS = 10_000;

/** Seconds of token age after which it is refreshed; a stored `tokenTime` overrides it (tests use a short one). */
const tokenTime = () => Number(getStore<number>('tokenTime')) || website.tokenTime;

let running: Promise<void> | null = null;

/**
 * The refresh grant for the session, one at a time: refresh tokens are single-use, so a second grant
 * waits for the first and spends the token it left. It asks for the session's chosen dept and role
 * (switch mode), or for a new choice, which the session then keeps; without them the server would
 * grant all the user's.
 */
export function refreshSession(choice?: DeptRoleChoice): Promise<void> {
  const mine = (running ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      const { refreshToken, tenantId, choice: current, replaceTokens } = useSession.getState();
      const wanted = choice ?? current;
      const answer = await refreshTokens(refreshToken, tenantId, wanted);
      // Signed out (or signed in anew) while the grant was under way: its tokens belong to no one.
      if (useSession.getState().refreshToken !== refreshToken) return;
      replaceTokens(answer, wanted);
    });
  running = mine;
  const settle = () => {
    if (running === mine) running = null;
  };
  mine.then(settle, settle);
  return mine;
}

/**
 * Spec §4: every 10 s the stored token's age is checked; once it reaches the token time, one refresh
 * runs, unless one is under way. A refused refresh ends the session through the HTTP client's 401
 * handling.
 */
export function startTokenRefresh(now: () => number = Date.now): () => void {
  const check = async () => {
    const entry = getStoreEntry<string>('token');
    if (running || !entry?.content || !useSession.getState().refreshToken) return;
    if ((now() - entry.datetime) / 1000 < tokenTime()) return;
    await refreshSession().catch(() => {
      // the HTTP client has already shown the answer or ended the session
    });
  };
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  return () => clearInterval(timer);
}
