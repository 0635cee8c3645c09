import { sql } from 'kysely';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

/** Which of these role aliases name live roles of the tenant (a workflow's candidate groups). */
export async function liveRoleAliases(trx: AnyTrx, tenantId: string, aliases: string[]): Promise<Set<string>> {
  if (aliases.length === 0) return new Set();
  const { rows } = await sql<{ alias: string }>`
    select role_alias as alias from blade_role
    where tenant_id = ${tenantId} and is_deleted = 0 and role_alias in (${sql.join(aliases)})`.execute(trx);
  return new Set(rows.map((r) => r.alias));
}
