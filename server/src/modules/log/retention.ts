import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { TenantDb } from '../../platform/tenancy/tenant-db.ts';
import { readParam } from '../system/param/service.ts';

/** The parameter (系统管理 › 参数管理) holding how many days logs are kept; 0 keeps them forever. */
export const RETENTION_PARAM = 'log.retentionDays';
export const DEFAULT_RETENTION_DAYS = 90;
const DAY_MS = 24 * 3600_000;
// Not at start: a server starting (tests, a rolling restart) has better things to do first.
const FIRST_RUN_MS = 10 * 60_000;
const BATCH = 5_000;
const LOG_TABLES = ['blade_log_api', 'blade_log_error', 'blade_log_usual', 'blade_log_login'] as const;

/** The days logs are kept: the parameter when it is a whole number of days, else the default. */
export function retentionDays(value: string): number {
  const days = /^\s*\d{1,5}\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(days) ? days : DEFAULT_RETENTION_DAYS;
}

/**
 * Deletes log rows older than `days`, and sessions long over, in batches (a short lock each, never
 * one statement over a million rows). A delete by time is idempotent, so instances purging at once
 * only share the work: a row one deleted the other no longer finds. Answers the rows deleted per table.
 */
export async function purgeLogs(tenantDb: TenantDb, days: number): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  if (days <= 0) return deleted;
  // the main database and each one tenants are bound to (one that is down is left for the next day)
  for (const database of (await tenantDb.everyDatabase()).databases) {
    for (const [table, n] of Object.entries(await purgeDatabase(database, days))) {
      deleted[table] = (deleted[table] ?? 0) + n;
    }
  }
  return deleted;
}

async function purgeDatabase(tenantDb: Pick<TenantDb, 'inAllTenants'>, days: number) {
  const deleted: Record<string, number> = {};
  const cutoff = sql`now() - make_interval(days => ${days})`;
  for (const table of LOG_TABLES) {
    deleted[table] = 0;
    for (;;) {
      const result = await tenantDb.inAllTenants((trx) =>
        sql`delete from ${sql.table(table)} where id in (
              select id from ${sql.table(table)} where create_time < ${cutoff} limit ${BATCH})`.execute(trx),
      );
      const n = Number(result.numAffectedRows ?? 0);
      deleted[table] += n;
      if (n < BATCH) break;
    }
  }
  const sessions = await tenantDb.inAllTenants((trx) =>
    sql`delete from blade_user_session where expires_at < now() - interval '1 day'
          or (ended_at is not null and ended_at < ${cutoff})`.execute(trx),
  );
  deleted.blade_user_session = Number(sessions.numAffectedRows ?? 0);
  return deleted;
}

/** The daily purge of every instance (a timer that never keeps the process alive). */
export function scheduleLogRetention(app: FastifyInstance): void {
  const run = async () => {
    try {
      const days = retentionDays(await readParam(app.platform.db, RETENTION_PARAM, String(DEFAULT_RETENTION_DAYS)));
      const deleted = await purgeLogs(app.platform.tenantDb, days);
      app.log.info({ days, deleted }, 'old log rows deleted');
    } catch (error) {
      app.log.warn({ err: error }, 'could not delete old log rows');
    }
  };
  let daily: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    daily = setInterval(run, DAY_MS).unref();
  }, FIRST_RUN_MS).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
  });
}
