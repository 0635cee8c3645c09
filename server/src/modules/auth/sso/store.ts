import { createHash, randomBytes } from 'node:crypto';
import type { SharedStore } from '../../../platform/store/store.ts';

/** A client's sign-in request, checked by the authorize endpoint, waiting for the user. */
export interface SignInRequest {
  clientId: string;
  redirectUri: string;
  state: string | null;
  /** The PKCE S256 challenge, when the client sent one. */
  challenge: string | null;
  /** The client's `autoapprove` lets a signed-in user through without the question. */
  autoApprove: boolean;
}

/** What a code stands for: the request it answers, and who signed in. */
export interface CodeGrant extends SignInRequest {
  tenantId: string;
  userId: string;
  /** Milliseconds; the store forgets the code then too, this makes it exact. */
  expiresAt: number;
}

/** A sign-in request waits this long for the user (signing in, captcha, a typo or two). */
const REQUEST_TTL_MS = 10 * 60_000;
/** RFC 6749 §4.1.2: a code lives briefly; ten minutes at most, a minute here. */
export const CODE_TTL_MS = 60_000;
// A redeemed code is remembered a day, so a replay revokes what it gave; later it is merely unknown.
const USED_TTL_MS = 24 * 3600_000;

// 128 bits or more of randomness (RFC 6749 §10.10); the store keeps only the digest of a code.
const draw = () => randomBytes(32).toString('base64url');
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
const requestKey = (id: string) => `sso:request:${digest(id)}`;
const codeKey = (code: string) => `sso:code:${digest(code)}`;
const usedKey = (code: string) => `sso:code-used:${digest(code)}`;

const parse = <T>(value: string | null): T | null => (value ? (JSON.parse(value) as T) : null);

/** The outcome of redeeming a code: its grant, a replay (with the session the first use started), or nothing. */
export type Redeemed = { grant: CodeGrant } | { replayOf: string } | null;

/** Sign-in requests and codes in the shared store: every instance sees them, each is used once. */
export function ssoStore(store: SharedStore) {
  return {
    async saveRequest(request: SignInRequest): Promise<string> {
      const id = draw();
      await store.set(requestKey(id), JSON.stringify(request), REQUEST_TTL_MS);
      return id;
    },
    readRequest: async (id: string) => parse<SignInRequest>(await store.get(requestKey(id))),
    /** The request, removed: an answer (a code or a refusal) is given to it once. */
    takeRequest: async (id: string) => parse<SignInRequest>(await store.take(requestKey(id))),

    async issueCode(grant: Omit<CodeGrant, 'expiresAt'>): Promise<string> {
      const code = draw();
      const value: CodeGrant = { ...grant, expiresAt: Date.now() + CODE_TTL_MS };
      await store.set(codeKey(code), JSON.stringify(value), CODE_TTL_MS);
      return code;
    },

    /**
     * Redeems a code for the session about to be started. The first caller marks it used (atomic in the
     * store), so of two racing exchanges one wins and the other is a replay, which knows the session to revoke.
     */
    async redeem(code: string, sessionId: string): Promise<Redeemed> {
      if (!(await store.setIfAbsent(usedKey(code), sessionId, USED_TTL_MS))) {
        const first = await store.get(usedKey(code));
        return first ? { replayOf: first } : null;
      }
      const grant = parse<CodeGrant>(await store.take(codeKey(code)));
      // unknown or expired: nothing was issued, nothing to remember
      if (!grant) await store.delete(usedKey(code));
      return grant ? { grant } : null;
    },
  };
}
export type SsoStore = ReturnType<typeof ssoStore>;
