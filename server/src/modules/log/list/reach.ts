import type { FastifyRequest } from 'fastify';
import {
  type OrderedPageSource,
  type PageAcross,
  pageSourceOf,
  readPageAcross,
} from '../../../platform/db/page-across.ts';
import { readPage } from '../../../platform/db/paging.ts';
import { rowsAcross } from '../../../platform/tenancy/across-databases.ts';
import { isPlatformAdministrator } from '../../../platform/tenancy/context.ts';
import { tenantDatabaseDown } from '../../../platform/tenancy/tenant-databases.ts';
import type { AnyTrx, TenantDatabase } from '../../../platform/tenancy/tenant-db.ts';
import type { LogScope } from './repository.ts';

type Row = Record<string, unknown>;
type Work<T> = (trx: AnyTrx, scope: LogScope) => Promise<T>;
type OneTenant = <T>(work: Work<T>) => Promise<T>;

/**
 * Whose logs a caller reads: everyone but the platform administrator their own tenant's, under its
 * row-level policy; the platform administrator one tenant's when naming it (on that tenant's
 * database); otherwise (undefined here) every tenant's, in every database tenants are kept in.
 */
function oneTenant(request: FastifyRequest, tenantId: string | undefined, writes: boolean): OneTenant | undefined {
  const caller = request.ctx.caller!;
  if (!isPlatformAdministrator(caller)) {
    // Work that writes needs a transaction; reads go without one where they can.
    return (work) => {
      const own = (trx: AnyTrx) => work(trx, { tenantId: caller.tenantId });
      return writes ? request.inTenant(own) : request.readInTenant(own);
    };
  }
  if (!tenantId) return undefined;
  const { tenantDb } = request.server.platform;
  return (work) => {
    const named = (trx: AnyTrx) => work(trx, { allTenants: true, tenantId });
    return writes ? tenantDb.inTenant(tenantId, named) : tenantDb.readInTenant(tenantId, named);
  };
}

const EVERY: LogScope = { allTenants: true };

/** One page of a log or of the sessions (`tenantId`: the one the platform administrator names). */
export function logPageOf(
  request: FastifyRequest,
  tenantId: string | undefined,
  query: { current: number; size: number },
  source: (trx: AnyTrx, scope: LogScope) => Promise<OrderedPageSource>,
): Promise<PageAcross<Row>> {
  const one = oneTenant(request, tenantId, false);
  if (one) return one(async (trx, scope) => readPage<Row>(pageSourceOf(await source(trx, scope)), query));
  return readPageAcross<Row>(request.server.platform.tenantDb, (trx) => source(trx, EVERY), query);
}

/**
 * Rows the caller may see, found in whichever database holds them. When none is found and a
 * database was down, the answer is that database's 503: the row may be there.
 */
export async function logRowsOf(
  request: FastifyRequest,
  find: (trx: AnyTrx, scope: LogScope) => Promise<Row[]>,
): Promise<{ database?: TenantDatabase; row: Row }[]> {
  const one = oneTenant(request, undefined, false);
  if (one) return (await one(find)).map((row) => ({ row }));
  const { rows, down } = await rowsAcross(request.server.platform.tenantDb, (trx) => find(trx, EVERY));
  if (!rows.length && down.length) throw tenantDatabaseDown(down.join(', '));
  return rows;
}

/**
 * Finds rows (`check` refuses what is missing), then changes them in the database each is in: in
 * one transaction for a tenant's caller; for the platform administrator the rows of each database
 * in that database's transaction.
 */
export async function changeLogRows(
  request: FastifyRequest,
  find: (trx: AnyTrx, scope: LogScope) => Promise<Row[]>,
  check: (rows: Row[]) => void,
  change: (trx: AnyTrx, rows: Row[]) => Promise<void>,
): Promise<Row[]> {
  const one = oneTenant(request, undefined, true);
  if (one) {
    return one(async (trx, scope) => {
      const rows = await find(trx, scope);
      check(rows);
      await change(trx, rows);
      return rows;
    });
  }
  const { rows, down } = await rowsAcross(request.server.platform.tenantDb, (trx) => find(trx, EVERY));
  const found = rows.map((r) => r.row);
  try {
    check(found);
  } catch (error) {
    // what is missing may be in the database that did not answer
    throw down.length ? tenantDatabaseDown(down.join(', ')) : error;
  }
  const databases = [...new Set(rows.map((r) => r.database))];
  for (const database of databases) {
    const own = rows.filter((r) => r.database === database).map((r) => r.row);
    await database.inAllTenants((trx) => change(trx, own));
  }
  return found;
}
