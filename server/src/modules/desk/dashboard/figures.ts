import type { PermissionResolver } from '../../../platform/auth/access.ts';
import type { VersionedResults } from '../../../platform/db/versioned-results.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { accountsSignedInSince } from '../../log/index.ts';
import { countUsers } from '../../user/queries.ts';
import { keptKeyFigures } from '../../warehouse/index.ts';
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

/**
 * The tenant's real figures, each from where the product keeps it: users from blade_user, sign-ins
 * from the login log, calls and errors from the logs, the warehouse's from the
 * summaries its home figures read (never the ledger). Nothing is sampled or made up.
 */
export async function dashboardFigures(
  trx: AnyTrx,
  tenantId: string,
  parts: Readable,
  results: VersionedResults,
): Promise<Figures> {
  const days = lastDays(new Date());
  const weekAgo = days[0]!.start;
  return {
    days: days.map((d) => d.day),
    users: parts.users
      ? {
          total: await countUsers(trx, tenantId, USERS_UP_TO),
          signedInWeek: await accountsSignedInSince(trx, tenantId, weekAgo),
        }
      : null,
    apiCalls: parts.apiCalls ? await logRowsPerDay(trx, 'blade_log_api', tenantId, days) : null,
    errors: parts.errors ? await logRowsPerDay(trx, 'blade_log_error', tenantId, days) : null,
    warehouse: parts.warehouse ? ((await keptKeyFigures(results, trx, tenantId)) as Figures['warehouse']) : null,
  };
}
