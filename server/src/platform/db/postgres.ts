import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lazyBeginPool } from './lazy-begin.ts';
import { preparedStatementsPool } from './prepared-statements.ts';
import { registerSessionSettings, sessionSettingsPool } from './session-settings.ts';

const CONNECT_TIMEOUT_MS = 5000;

/**
 * Kysely over a pg pool of 10; the types in `parsers` (by oid) come back as pg sends them. Its
 * connections send a transaction's `begin` with its first statement (lazy-begin.ts), keep the
 * tenant settings of reads (session-settings.ts) and prepare the statements run often
 * (prepared-statements.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: each module declares its own tables; see src/database.ts
export function openPostgres(url: string, parsers: Record<number, (v: string) => unknown>): Kysely<any> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // While the database is unreachable a call fails within this instead of waiting on the network.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // A connection the server ends (pg_terminate_backend, restart, failover, a network cut) must not
  // crash the process. Idle, the pool reports it here; checked out (a query or a transaction on it),
  // the client does, and the query fails (a 503, error-handler.ts). Either way the pool drops the
  // connection and opens a new one for the next query, so it recovers once the database is back.
  pool.on('error', (error) => process.emitWarning(`idle database connection lost: ${error.message}`));
  pool.on('connect', (client) =>
    client.on('error', (error) => process.emitWarning(`database connection lost: ${error.message}`)),
  );
  const { pool: settingsPool, settings } = sessionSettingsPool(lazyBeginPool(preparedStatementsPool(pool)));
  const db = new Kysely({ dialect: new PostgresDialect({ pool: settingsPool }) });
  registerSessionSettings(db, settings);
  return db;
}
