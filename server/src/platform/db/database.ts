import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const CONNECT_TIMEOUT_MS = 5000;

/** Where the data lives: a PostgreSQL URL, a PGlite folder, or PGlite in memory (tests). */
export type DatabaseTarget = { url: string } | { pgliteDir: string } | { memory: true };

export interface OpenDatabase {
  // biome-ignore lint/suspicious/noExplicitAny: each module declares its own tables; see src/database.ts
  db: Kysely<any>;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * One Kysely instance over either driver. bigint (snowflake ids) and numeric (money, quantities)
 * come back as strings from both, so JSON never loses precision.
 */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if ('url' in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // While the database is unreachable a call fails within this instead of waiting on the network.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID || oid === NUMERIC_OID
            ? (v: string) => v
            : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
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
    const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const parsers = { [INT8_OID]: (v: string) => v, [NUMERIC_OID]: (v: string) => v };
  const pglite = 'pgliteDir' in target ? new PGlite(target.pgliteDir, { parsers }) : new PGlite({ parsers });
  await pglite.waitReady;
  const db = new Kysely({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** True when the database answers a trivial query. */
// biome-ignore lint/suspicious/noExplicitAny: works on any schema
export async function isReachable(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
