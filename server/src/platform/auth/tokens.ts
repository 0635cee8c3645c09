import { randomUUID } from 'node:crypto';
import { installationSecret } from '../db/installation-secrets.ts';
import { splitCsv } from '../http/ids.ts';
import type { Caller } from '../tenancy/context.ts';
import type { AnyDb } from '../tenancy/tenant-db.ts';
import { hs256Signer, hs256Verifier } from './hs256.ts';

const SECRET_KEY = 'token.signing-secret';

/** Signs tokens: TOKEN_SECRET when given, else the installation's own generated secret. */
export async function loadSigningSecret(db: AnyDb, configured?: string): Promise<Uint8Array> {
  return configured ? new TextEncoder().encode(configured) : installationSecret(db, SECRET_KEY);
}

export type TokenKind = 'access' | 'refresh';

/** BladeX token claims (snake_case, csv lists) plus the session they belong to. */
interface Claims {
  [claim: string]: unknown;
  jti?: string;
  iat?: number;
  exp?: number;
  nbf?: number;
  typ: TokenKind;
  sid: string;
  tenant_id: string;
  user_id: string;
  account: string;
  iat_ms?: number;
  role_id: string;
  role_name: string;
  dept_id: string;
  post_id: string;
  client_id: string;
}

export interface VerifiedToken {
  caller: Caller;
  sessionId: string;
  tokenId: string;
  /** Milliseconds since the epoch (our `iat_ms`; a token without it: the start of its `iat` second). */
  issuedAt: number;
  expiresAt: number;
}

export interface TokenService {
  /** A signed token of the session `sessionId`; extra claims (names, avatar) travel along for clients. */
  sign(
    kind: TokenKind,
    caller: Caller,
    sessionId: string,
    lifetimeSeconds: number,
    extra?: Record<string, unknown>,
  ): Promise<string>;
  /** The contents of a valid token of that kind, or null for anything else (bad signature, other algorithm, expired, wrong kind). */
  verify(token: string, kind: TokenKind): Promise<VerifiedToken | null>;
}

export const newSessionId = () => randomUUID();

/**
 * Tokens already verified, so that a client's next calls skip the signature and the parse (a tenth of a
 * small page's server time): a token's contents never change, and revocation is the session registry's
 * check, made on every call all the same. Only valid tokens are kept, each until it expires, and at most
 * VERIFIED_KEPT of them (the oldest go first).
 */
const VERIFIED_KEPT = 4096;

export function createTokenService(secret: Uint8Array): TokenService {
  const verifyHs256 = hs256Verifier(secret);
  const signHs256 = hs256Signer(secret);
  const verified = new Map<string, { kind: TokenKind; token: VerifiedToken }>();
  const remember = (token: string, entry: { kind: TokenKind; token: VerifiedToken }) => {
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, entry);
  };
  return {
    async sign(kind, caller, sessionId, lifetimeSeconds, extra = {}) {
      const now = Date.now();
      const issuedAt = Math.floor(now / 1000);
      const claims: Claims = {
        ...extra,
        typ: kind,
        sid: sessionId,
        tenant_id: caller.tenantId,
        user_id: caller.userId,
        account: caller.account,
        role_id: caller.roleIds.join(','),
        role_name: caller.roleAliases.join(','),
        dept_id: caller.deptIds.join(','),
        post_id: caller.postIds.join(','),
        client_id: caller.clientId,
        // `iat` has whole seconds: a sign-in in the second of a revocation would look revoked
        iat_ms: now,
        jti: randomUUID(),
        iat: issuedAt,
        exp: issuedAt + lifetimeSeconds,
      };
      return signHs256(claims);
    },
    async verify(token, kind) {
      const known = verified.get(token);
      if (known && known.token.expiresAt > Date.now() / 1000) return known.kind === kind ? known.token : null;
      if (known) verified.delete(token);
      const payload = verifyHs256(token) as Claims | null;
      const contents = payload && contentsOf(payload);
      // kept only with an expiry and without a not-before time (which a later call would have to check again)
      if (contents && typeof payload.exp === 'number' && payload.nbf === undefined) {
        remember(token, { kind: payload.typ, token: contents });
      }
      return contents && payload.typ === kind ? contents : null;
    },
  };
}

/** What a verified token says, frozen (it is shared by the calls that carry the token); null when a claim is missing. */
function contentsOf(payload: Claims): VerifiedToken | null {
  if (payload.typ !== 'access' && payload.typ !== 'refresh') return null;
  if (typeof payload.sid !== 'string' || typeof payload.jti !== 'string') return null;
  if (typeof payload.tenant_id !== 'string' || typeof payload.user_id !== 'string') return null;
  const caller: Caller = {
    tenantId: payload.tenant_id,
    userId: payload.user_id,
    account: String(payload.account ?? ''),
    roleIds: Object.freeze(splitCsv(payload.role_id)) as string[],
    roleAliases: Object.freeze(splitCsv(payload.role_name)) as string[],
    deptIds: Object.freeze(splitCsv(payload.dept_id)) as string[],
    postIds: Object.freeze(splitCsv(payload.post_id)) as string[],
    clientId: String(payload.client_id ?? ''),
  };
  return Object.freeze({
    caller: Object.freeze(caller),
    sessionId: payload.sid,
    tokenId: payload.jti,
    issuedAt: typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000,
    expiresAt: payload.exp ?? 0,
  });
}
