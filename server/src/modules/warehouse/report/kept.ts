import { sql } from 'kysely';
import type { VersionedResults } from '../../../platform/db/versioned-results.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { localDate } from '../stock/flows.ts';

/**
 * The version of the tenant's warehouse data (migration 0026) as a scalar subquery, "0" before its first
 * write: a read of several figures asks it in its own statement (the dashboard).
 */
export const warehouseVersionOf = (tenantId: string) =>
  sql<string>`coalesce((select value::text from wh_data_version where tenant_id = ${tenantId}), '0')`;

/** The version of the tenant's warehouse data now. */
export async function warehouseVersion(trx: AnyTrx, tenantId: string): Promise<string> {
  const { rows } = await sql<{ value: string }>`select ${warehouseVersionOf(tenantId)} as value`.execute(trx);
  return rows[0]?.value ?? '0';
}

/** Keeps the answers of one tenant's warehouse reads: see `keptAnswers`. */
export type Keep = <T>(what: unknown, compute: () => Promise<T>) => Promise<T>;

/**
 * `compute`'s answer to `what` (the read and everything it depends on: filters, locale), kept until
 * the tenant's warehouse data changes or the day does (today's figures, the default periods that end
 * today): a report's page, a chart or the home figures read again without a write in between are not
 * computed again. `known`: the version, where the caller has read it already (`warehouseVersionOf`).
 */
export function keptAnswers(results: VersionedResults, trx: AnyTrx, tenantId: string, known?: string): Keep {
  return async (what, compute) => {
    const version = known ?? (await warehouseVersion(trx, tenantId));
    const key = `${localDate(new Date())} ${JSON.stringify(what)}`;
    return results.read(`${tenantId}@${version}`, key, compute);
  };
}
