import { type RawBuilder, sql } from 'kysely';

/** How many days the dashboard's series cover, today included. */
export const DAYS = 7;

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** The last `DAYS` days up to today, in the server's local time (as the warehouse charts' days), oldest first. */
export function lastDays(now = new Date()): { day: string; start: Date; end: Date }[] {
  return Array.from({ length: DAYS }, (_, i) => {
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DAYS - 1 - i));
    const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
    return { day: localDay(start), start, end };
  });
}

/**
 * Rows of a log table (blade_log_api: every call that may change data; blade_log_error: every
 * unexpected error) of the tenant per day, as an array expression. Both tables are the tenant's
 * (row-level security) and indexed by (tenant_id, create_time): each day is one bounded range of that index.
 */
export function logRowsPerDay(
  table: 'blade_log_api' | 'blade_log_error',
  tenantId: string,
  days: { start: Date; end: Date }[],
): RawBuilder<number[]> {
  const counts = days.map(
    ({ start, end }) => sql<number>`(select count(*)::int from ${sql.table(table)}
      where tenant_id = ${tenantId} and create_time >= ${start} and create_time < ${end})`,
  );
  return sql<number[]>`array[${sql.join(counts)}]`;
}
