import { randomBytes } from 'node:crypto';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import type { Caller } from '../tenancy/context.ts';
import type { AnyDb } from '../tenancy/tenant-db.ts';

const ALGORITHM = 'HS256';
const SECRET_KEY = 'token.signing-secret';

/**
 * The per-installation signing secret: made at the first start from 64 random bytes and kept in
 * the database, so every instance on the same database verifies the same tokens. Never a default.
 */
export async function loadSigningSecret(db: AnyDb): Promise<Uint8Array> {
  const fresh = randomBytes(64).toString('base64');
  await sql`insert into blade_setting (key, value) values (${SECRET_KEY}, ${fresh}) on conflict (key) do nothing`.execute(
    db,
  );
  const { rows } = await sql<{ value: string }>`select value from blade_setting where key = ${SECRET_KEY}`.execute(db);
  const stored = rows[0]?.value;
  if (!stored) throw new Error('the token signing secret could not be stored');
  return new Uint8Array(Buffer.from(stored, 'base64'));
}

/** BladeX token claims (snake_case, csv lists) as they travel in the JWT. */
interface CallerClaims extends JWTPayload {
  tenant_id: string;
  user_id: string;
  account: string;
  role_id: string;
  role_name: string;
  dept_id: string;
  post_id: string;
  client_id: string;
}

const csv = (v: unknown) => (typeof v === 'string' && v ? v.split(',').filter(Boolean) : []);

export interface TokenService {
  sign(caller: Caller, lifetimeSeconds: number, extra?: Record<string, unknown>): Promise<string>;
  /** The caller of a valid token, or null for anything else (bad signature, other algorithm, expired). */
  verify(token: string): Promise<Caller | null>;
}

export function createTokenService(secret: Uint8Array): TokenService {
  return {
    async sign(caller, lifetimeSeconds, extra = {}) {
      const claims: CallerClaims = {
        ...extra,
        tenant_id: caller.tenantId,
        user_id: caller.userId,
        account: caller.account,
        role_id: caller.roleIds.join(','),
        role_name: caller.roleAliases.join(','),
        dept_id: caller.deptIds.join(','),
        post_id: caller.postIds.join(','),
        client_id: caller.clientId,
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify<CallerClaims>(token, secret, { algorithms: [ALGORITHM] });
        if (typeof payload.tenant_id !== 'string' || typeof payload.user_id !== 'string') return null;
        return {
          tenantId: payload.tenant_id,
          userId: payload.user_id,
          account: String(payload.account ?? ''),
          roleIds: csv(payload.role_id),
          roleAliases: csv(payload.role_name),
          deptIds: csv(payload.dept_id),
          postIds: csv(payload.post_id),
          clientId: String(payload.client_id ?? ''),
        };
      } catch {
        return null;
      }
    },
  };
}
