import { type RawBuilder, sql } from 'kysely';
import type { PermissionResolver } from '../../../platform/auth/access.ts';
import type { VersionedResults } from '../../../platform/db/versioned-results.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { accountsSignedInSince } from '../../log/index.ts';
import { usersCounted } from '../../user/queries.ts';
import { keptKeyFigures, warehouseVersionOf } from '../../warehouse/index.ts';
import { lastDays, logRowsPerDay } from './activity.ts';
import type { Figures } from './schema.ts';

/** Each part of the dashboard goes to who may read its source on its own screen. */
const READERS = {
  users: ['user', 'user_view'],
  apiCalls: ['log_api', 'log_api_view'],
  errors: ['log_error', 'log_error_view'],
  warehouse: ['warehouse_report', 'warehouse_report_view'],
} as const;

/** Far past any tenant's staff: the count stays an index range, never a scan without end. */
const USERS_UP_TO = 1_000_000;

export type Readable = Record<keyof typeof READERS, boolean>;

/** Which parts the caller may read (one permission check each, cached by the resolver). */
export async function readableParts(permissions: PermissionResolver, caller: Caller): Promise<Readable> {
  const entries = await Promise.all(
    Object.entries(READERS).map(async ([part, codes]) => [part, await permissions.hasAny(caller, codes)] as const),
  );
  return Object.fromEntries(entries) as Readable;
}

/** What the dashboard's one statement reads: a part the caller may not read is null. */
interface Read {
  usersTotal: number | null;
  signedInWeek: number | null;
  apiCalls: number[] | null;
  errors: number[] | null;
  warehouseVersion: string | null;
}

/**
 * The tenant's real figures, each from where the product keeps it: users from blade_user, sign-ins
 * from the login log, calls and errors from the logs, the warehouse's from the
 * summaries its home figures read (never the ledger). Nothing is sampled or made up. Every part is a
 * scalar subquery of one statement (one statement costs the embedded database as much as a small
 * read: five of them were most of the answer's time), the warehouse's version with them, under which
 * its key figures are kept.
 */
export async function dashboardFigures(
  trx: AnyTrx,
  tenantId: string,
  parts: Readable,
  results: VersionedResults,
): Promise<Figures> {
  const days = lastDays(new Date());
  const only = <T>(readable: boolean, figure: RawBuilder<T>) => (readable ? figure : sql<null>`null`);
  const { rows } = await sql<Read>`select
      ${only(parts.users, usersCounted(trx, tenantId, USERS_UP_TO))} as "usersTotal",
      ${only(parts.users, accountsSignedInSince(tenantId, days[0]!.start))} as "signedInWeek",
      ${only(parts.apiCalls, logRowsPerDay('blade_log_api', tenantId, days))} as "apiCalls",
      ${only(parts.errors, logRowsPerDay('blade_log_error', tenantId, days))} as errors,
      ${only(parts.warehouse, warehouseVersionOf(tenantId))} as "warehouseVersion"`.execute(trx);
  const read = rows[0]!;
  const warehouse =
    read.warehouseVersion === null ? null : await keptKeyFigures(results, trx, tenantId, read.warehouseVersion);
  return {
    days: days.map((d) => d.day),
    users: read.usersTotal === null ? null : { total: read.usersTotal, signedInWeek: read.signedInWeek ?? 0 },
    apiCalls: read.apiCalls,
    errors: read.errors,
    warehouse: warehouse as Figures['warehouse'],
  };
}
