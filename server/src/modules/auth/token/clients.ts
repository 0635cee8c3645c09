import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { verifyPassword } from '../../../platform/auth/passwords.ts';
import type { CacheRegistry } from '../../../platform/caches.ts';
import type { AnyDb } from '../../../platform/tenancy/tenant-db.ts';
import { invalidClient } from '../oauth-error.ts';

/** An OAuth client row (blade_client) as the token endpoint needs it; the secret never leaves here. */
export interface OAuthClient {
  clientId: string;
  grantTypes: string[];
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

interface ClientRow {
  clientId: string;
  secret: string;
  grantTypes: string;
  access: number;
  refresh: number;
}

const CACHE_MS = 60_000;

/** RFC 6749 §2.3.1: the id and secret are form-urlencoded before Basic (oauth4webapi sends `-` as `%2D`). */
function formDecoded(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}

/**
 * The client whose secret this is. The pair is tried form-decoded, as RFC 6749 says, then as sent
 * (Saber sends it raw; a secret holding `%` or `+` differs), so both kinds of client are served.
 */
async function verifiedRow(db: AnyDb, rawId: string, rawSecret: string): Promise<ClientRow | null> {
  const decoded = [formDecoded(rawId), formDecoded(rawSecret)] as const;
  const raw = decoded[0] === rawId && decoded[1] === rawSecret ? [] : [[rawId, rawSecret] as const];
  for (const [clientId, secret] of [decoded, ...raw]) {
    const { rows } = await sql<ClientRow>`
      select client_id as "clientId", client_secret as secret, authorized_grant_types as "grantTypes",
             access_token_validity as access, refresh_token_validity as refresh
      from blade_client where client_id = ${clientId} and is_deleted = 0 and status = 1`.execute(db);
    if (rows[0] && (await verifyPassword(rows[0].secret, secret))) return rows[0];
  }
  return null;
}

/**
 * Checks `Authorization: Basic base64(clientId:secret)` against blade_client, where secrets are
 * stored hashed. A verified header is remembered (by its digest) for a minute so that refreshes do
 * not pay for an argon2 check each time; client changes clear that memory.
 */
export function clientAuthenticator(db: AnyDb, caches: CacheRegistry) {
  const verified = new Map<string, { client: OAuthClient; until: number }>();
  // A changed or removed client clears the caches: its old secret stops at once.
  caches.register(() => verified.clear());

  return async function authenticate(header: string | undefined): Promise<OAuthClient> {
    const match = header?.match(/^basic\s+(\S+)$/i);
    if (!match?.[1]) throw invalidClient();
    const digest = createHash('sha256').update(match[1]).digest('hex');
    const cached = verified.get(digest);
    if (cached && cached.until > Date.now()) return cached.client;

    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) throw invalidClient();
    const row = await verifiedRow(db, decoded.slice(0, colon), decoded.slice(colon + 1));
    if (!row) throw invalidClient();
    const client: OAuthClient = {
      clientId: row.clientId,
      grantTypes: row.grantTypes.split(',').map((g) => g.trim()),
      accessTokenValidity: row.access,
      refreshTokenValidity: row.refresh,
    };
    verified.set(digest, { client, until: Date.now() + CACHE_MS });
    return client;
  };
}
