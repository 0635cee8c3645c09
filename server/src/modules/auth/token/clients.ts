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
    const [clientId, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
    const { rows } = await sql<ClientRow>`
      select client_id as "clientId", client_secret as secret, authorized_grant_types as "grantTypes",
             access_token_validity as access, refresh_token_validity as refresh
      from blade_client where client_id = ${clientId} and is_deleted = 0 and status = 1`.execute(db);
    const row = rows[0];
    if (!row || !(await verifyPassword(row.secret, secret))) throw invalidClient();
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
