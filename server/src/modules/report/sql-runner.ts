import { CompiledQuery, sql } from 'kysely';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import type { AnyDb, AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { reportMessages as m } from './messages.ts';
import type { DatasetResult, FieldType } from './render.ts';
import type { BoundSql } from './sql-params.ts';

/** Limits of one run; tests shorten the time limit (and put it back). */
export const sqlLimits = { timeoutMs: 15_000, lockTimeoutMs: 1_000 };

const REPORT_ROLE = 'cw_report';
const CANCELED = '57014';

/**
 * Runs a checked dataset SQL on PostgreSQL (research-next-batch.md §2.4): on a connection of its own,
 * the tenant written to `report.session` for this backend first (as the owner: `cw_report` cannot
 * write it), then, in a read-only transaction as `cw_report` with a time limit and `report` as the
 * only schema, the SQL wrapped with a row limit, its parameters bound. `limit` 0 only describes it.
 */
export function runSql(
  db: AnyDb,
  tenantId: string,
  bound: BoundSql,
  values: unknown[],
  limit: number,
): Promise<DatasetResult> {
  return db.connection().execute(async (connection) => {
    await sql`insert into report.session (pid, tenant_id) values (pg_backend_pid(), ${tenantId})
      on conflict (pid) do update set tenant_id = excluded.tenant_id`.execute(connection);
    try {
      return await connection
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          await sql`select set_config('role', ${REPORT_ROLE}, true),
            set_config('statement_timeout', ${`${sqlLimits.timeoutMs}ms`}, true),
            set_config('lock_timeout', ${`${sqlLimits.lockTimeoutMs}ms`}, true),
            set_config('idle_in_transaction_session_timeout', ${`${sqlLimits.timeoutMs + 5000}ms`}, true),
            set_config('search_path', 'report', true),
            set_config('app.tenant_id', ${tenantId}, true),
            set_config('app.all_tenants', 'off', true)`.execute(trx);
          const fields = await describe(trx, bound.text, values);
          if (limit === 0) return { fields, rows: [] };
          const wrapped = `select * from (${bound.text}\n) q limit ${Math.trunc(limit) + 1}`;
          const { rows } = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(wrapped, values));
          return { fields, rows: rows.slice(0, limit), truncated: rows.length > limit };
        });
    } catch (error) {
      throw refusal(error);
    } finally {
      await sql`delete from report.session where pid = pg_backend_pid()`.execute(connection);
    }
  });
}

/** The SQL's columns and their types, from one row of nulls: no row of the SQL is read. */
async function describe(trx: AnyTrx, text: string, values: unknown[]): Promise<DatasetResult['fields']> {
  const empty = `(select 1) d left join (select * from (${text}\n) u limit 0) q on true`;
  const names = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`select q.* from ${empty}`, values));
  const columns = Object.keys(names.rows[0] ?? {});
  if (columns.length === 0) return [];
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const typeList = columns.map((c) => `pg_typeof(q.${quoted(c)})::text as ${quoted(c)}`).join(', ');
  const types = await trx.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`select ${typeList} from ${empty}`, values),
  );
  return columns.map((name) => ({ name, type: fieldType(types.rows[0]?.[name] ?? '') }));
}

function fieldType(pgType: string): FieldType {
  if (/^(smallint|integer|bigint|numeric|real|double precision|money)/.test(pgType)) return 'number';
  if (/^(date|timestamp)/.test(pgType)) return 'date';
  return 'text';
}

/** What PostgreSQL refused, as the report's message: a cancelled run names the limit. */
function refusal(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, message } = error as { code?: string; message?: string };
  if (code === CANCELED) return badRequest(m['report.sql.timeout'], { seconds: sqlLimits.timeoutMs / 1000 });
  // Other refusals of the SQL (no such column, permission denied) are the SQL's fault; a failing server is not.
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^(08|53|57P|58|XX)/.test(code))
    return badRequest(m['report.sql.failed'], { detail: message });
  return error;
}
