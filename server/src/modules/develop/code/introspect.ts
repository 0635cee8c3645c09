import { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Sealer } from '../../../platform/auth/sealed-secrets.ts';
import { postgresAddress } from '../../../platform/db/postgres-target.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { AnyDb } from '../../../platform/tenancy/tenant-db.ts';
import { codeMessages as m } from './messages.ts';
import type { SourceColumn } from './schema.ts';

/** How long a datasource may take to connect and to answer one statement. */
const DATASOURCE_TIMEOUT_MS = 5000;

type Run = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const TABLES = `
  select c.relname as "tableName", obj_description(c.oid, 'pg_class') as comment
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = current_schema() and c.relkind in ('r', 'p')
  order by c.relname`;

const COLUMNS = `
  select c.column_name as "columnName", c.data_type as "dataType", c.is_nullable = 'YES' as nullable,
    c.character_maximum_length as "maxLength", c.numeric_precision as "numericPrecision",
    c.numeric_scale as "numericScale", c.column_default is not null as "hasDefault",
    col_description(a.attrelid, a.attnum) as comment
  from information_schema.columns c
  join pg_attribute a on a.attrelid = to_regclass(quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))
    and a.attname = c.column_name
  where c.table_schema = current_schema() and c.table_name = $1
  order by c.ordinal_position`;

const intOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

export interface Introspection {
  tables(): Promise<{ tableName: string; comment: string | null }[]>;
  /** The columns of a table, in their order; a table the datasource lacks is refused. */
  columns(tableName: string): Promise<SourceColumn[]>;
}

function introspection(run: Run): Introspection {
  return {
    async tables() {
      const rows = await run(TABLES, []);
      return rows.map((r) => ({ tableName: String(r.tableName), comment: textOrNull(r.comment) }));
    },
    async columns(tableName) {
      const rows = await run(COLUMNS, [tableName]);
      if (rows.length === 0) throw badRequest(m['code.table.notFound'], { table: tableName });
      return rows.map((r) => ({
        columnName: String(r.columnName),
        dataType: String(r.dataType),
        nullable: r.nullable === true,
        maxLength: intOrNull(r.maxLength),
        numericPrecision: intOrNull(r.numericPrecision),
        numericScale: intOrNull(r.numericScale),
        hasDefault: r.hasDefault === true,
        comment: textOrNull(r.comment),
      }));
    },
  };
}

interface DatasourceRow {
  name: string;
  url: string;
  username: string;
  password: string;
}

/** A PostgreSQL URL as BladeX stores it (`jdbc:postgresql://host:port/db`), without what it may carry besides. */
function postgresTarget(url: string): { host: string; port: number; database: string } {
  const address = postgresAddress(url);
  if (!address) throw badRequest(m['code.datasource.unsupported']);
  return address;
}

/**
 * Runs the reads on a datasource row's database: connected with its sealed password, read-only,
 * within a time limit. A failure answers only that the datasource cannot be reached: the driver's
 * message may hold the address, the user or worse, and is not echoed.
 */
async function onDatasource<T>(source: DatasourceRow, sealer: Sealer, work: (i: Introspection) => Promise<T>) {
  const target = postgresTarget(source.url);
  let password: string;
  try {
    password = sealer.open(source.password);
  } catch {
    throw badRequest(m['code.datasource.sealed'], { name: source.name });
  }
  const client = new pg.Client({
    ...target,
    user: source.username,
    password,
    connectionTimeoutMillis: DATASOURCE_TIMEOUT_MS,
    query_timeout: DATASOURCE_TIMEOUT_MS,
    statement_timeout: DATASOURCE_TIMEOUT_MS,
    options: '-c default_transaction_read_only=on',
  });
  // an error after connecting (the server going away) must not reach the process
  client.on('error', () => undefined);
  const unreachable = () => badRequest(m['code.datasource.unreachable'], { name: source.name });
  try {
    await client.connect().catch(() => {
      throw unreachable();
    });
    const run: Run = (text, params) =>
      client.query(text, params).then(
        (r) => r.rows,
        () => Promise.reject(unreachable()),
      );
    return await work(introspection(run));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The tables and columns of a generator record's datasource: 0 is the platform's own database (the
 * embedded one when no DATABASE_URL is set), any other id a live blade_datasource row.
 */
export async function introspect<T>(
  db: AnyDb,
  sealer: Sealer,
  datasourceId: string,
  work: (i: Introspection) => Promise<T>,
): Promise<T> {
  if (datasourceId === '0') {
    const run: Run = async (text, params) =>
      (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params))).rows;
    return work(introspection(run));
  }
  const found = await db
    .selectFrom('blade_datasource')
    .select(['name', 'url', 'username', 'password'])
    .where('id', '=', datasourceId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!found) throw notFound(m['code.datasource.notFound']);
  return onDatasource(found as DatasourceRow, sealer, work);
}
