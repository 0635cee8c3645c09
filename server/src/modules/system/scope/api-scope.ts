import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { API_SCOPE, grantedScopes } from './grants.ts';

/** The API path prefixes the caller's roles are limited to, or null when they hold no API scope. */
export async function allowedPathPrefixes(trx: AnyTrx, caller: Caller): Promise<string[] | null> {
  const rows = await grantedScopes<{ scopePath: string }>(trx, caller, API_SCOPE);
  const prefixes = rows.map((r) => r.scopePath.trim()).filter(Boolean);
  return prefixes.length ? prefixes : null;
}
