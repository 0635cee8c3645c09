import { sql } from 'kysely';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';

/** Prefixes of the generated document numbers: RF refuel (inbound), DL delivery (outbound). */
export type NumberPrefix = 'RF' | 'DL';

/** `yyyyMMdd` in the server's local time, as the documents of the day are counted. */
export function dayStamp(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
}

/**
 * The next document number of the tenant: prefix + date + a 4-digit (or longer) daily sequence,
 * e.g. RF202501310007. The counter row is incremented in the caller's transaction, so concurrent
 * writers of the same prefix queue on it until commit and a rolled-back document gives its number
 * back (no gaps). Deliveries take it after their stock is locked, so a refused outbound never waits
 * for it; each prefix has its own row, so refuels and deliveries never wait for each other.
 */
export async function nextNumber(trx: AnyTrx, tenantId: string, prefix: NumberPrefix, at = new Date()) {
  const day = dayStamp(at);
  const { rows } = await sql<{ value: number }>`
    insert into wh_number_sequence as s (tenant_id, prefix, day, value) values (${tenantId}, ${prefix}, ${day}, 1)
    on conflict (tenant_id, prefix, day) do update set value = s.value + 1
    returning value`.execute(trx);
  return `${prefix}${day}${String(rows[0]!.value).padStart(4, '0')}`;
}
