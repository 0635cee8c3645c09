import { AppError } from '../http/errors.ts';
import type { AnyTrx, TenantDatabase, TenantDb } from './tenant-db.ts';

/** What cross-tenant work answered on each database, and the databases (by name) that did not answer. */
export interface Across<T> {
  results: { database: TenantDatabase; value: T }[];
  down: string[];
}

const isDown = (error: unknown) => error instanceof AppError && error.key === 'error.unavailable.tenantDatabase';

/**
 * Runs cross-tenant work on every database tenants are kept in (the main one and each bound one),
 * all at once. A bound database that is down, or lost during the work, is named in `down` and the
 * others' answers stand: the platform administrator's lists show what is up and say what is missing
 * rather than fail for every tenant (docs/decisions.md, issue 24). Any other error is thrown.
 */
export async function acrossDatabases<T>(
  tenantDb: TenantDb,
  work: (trx: AnyTrx, database: TenantDatabase) => Promise<T>,
): Promise<Across<T>> {
  return acrossEach(await tenantDb.everyDatabase(), work);
}

/** `acrossDatabases` over databases already listed (`TenantDb.everyDatabase`). */
export async function acrossEach<T>(
  { databases, down }: Awaited<ReturnType<TenantDb['everyDatabase']>>,
  work: (trx: AnyTrx, database: TenantDatabase, index: number) => Promise<T>,
): Promise<Across<T>> {
  const settled = await Promise.allSettled(databases.map((d, i) => d.inAllTenants((trx) => work(trx, d, i))));
  const results: Across<T>['results'] = [];
  const missing = [...down];
  settled.forEach((outcome, i) => {
    const database = databases[i]!;
    if (outcome.status === 'fulfilled') results.push({ database, value: outcome.value });
    else if (database.name !== undefined && isDown(outcome.reason)) missing.push(database.name);
    else throw outcome.reason;
  });
  return { results, down: missing };
}

/** The rows every database answered, one list (a detail, or the rows among some ids, looked up everywhere). */
export async function rowsAcross<T>(
  tenantDb: TenantDb,
  work: (trx: AnyTrx, database: TenantDatabase) => Promise<T[]>,
): Promise<{ rows: { database: TenantDatabase; row: T }[]; down: string[] }> {
  const { results, down } = await acrossDatabases(tenantDb, work);
  return { rows: results.flatMap(({ database, value }) => value.map((row) => ({ database, row }))), down };
}

/**
 * Cross-tenant work for several tenants, on the databases their rows are in: `work` runs once per
 * database with its tenants, each database's transaction inside the one before, so that a failure
 * anywhere rolls every one back (only a failure to commit after an inner one committed would not).
 * One connection per database: tenants of one database share a transaction, as they did when
 * every tenant was in the main database.
 */
export async function inDatabasesOf<T>(
  tenantDb: TenantDb,
  tenantIds: string[],
  work: (trx: AnyTrx, tenantIds: string[]) => Promise<T>,
): Promise<T[]> {
  const groups = new Map<string, { database: TenantDatabase; tenantIds: string[] }>();
  for (const tenantId of tenantIds) {
    const database = await tenantDb.databaseOf(tenantId);
    const group = groups.get(database.key ?? '') ?? { database, tenantIds: [] };
    group.tenantIds.push(tenantId);
    groups.set(database.key ?? '', group);
  }
  const nested = async ([group, ...rest]: { database: TenantDatabase; tenantIds: string[] }[]): Promise<T[]> =>
    group
      ? group.database.inAllTenants(async (trx) => {
          const done = await work(trx, group.tenantIds);
          return [done, ...(await nested(rest))];
        })
      : [];
  return nested([...groups.values()]);
}
