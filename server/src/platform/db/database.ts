import { Kysely, sql } from 'kysely';

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const PGLITE_SHARED_BUFFERS = '32MB';
const asText = (v: string) => v;

/**
 * Where the data lives: a PostgreSQL URL, a PGlite folder, or PGlite in memory (tests), started from the
 * image of another one's data folder when given (the tests' migrated database: see `image`).
 */
export type DatabaseTarget = { url: string } | { pgliteDir: string } | { memory: true; image?: Blob };

export interface OpenDatabase {
  // biome-ignore lint/suspicious/noExplicitAny: each module declares its own tables; see src/database.ts
  db: Kysely<any>;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** PGlite only: its data folder as a tarball, which `{ memory: true, image }` starts from. */
  image?(): Promise<Blob>;
}

/**
 * One Kysely instance over either driver. bigint (snowflake ids) and numeric (money, quantities)
 * come back as strings from both, so JSON never loses precision.
 */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if ('url' in target) {
    // pg is loaded only for PostgreSQL (and PGlite only for the embedded database): less to load at start.
    const { openPostgres } = await import('./postgres.ts');
    const db = openPostgres(target.url, { [INT8_OID]: asText, [NUMERIC_OID]: asText });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { FastPGliteDialect } = await import('./pglite-driver.ts');
  // trigram indexes: a part of a document number finds it (platform/db/contains-search.ts)
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const parsers = { [INT8_OID]: asText, [NUMERIC_OID]: asText };
  // shared_buffers is PGlite's largest block of memory, and all of it is resident from the start
  // (128 MB by initdb's default): 32 MB holds the working set of a 100k-movement warehouse.
  // random_page_cost: the embedded database's pages are in this process or the OS's cache, so an
  // index read in order costs what a table read does; at the default (4) the planner sorted the
  // 5,000 stock rows for a deep page (30 ms in PGlite's WebAssembly) rather than read them in order
  // from their index (1.7 ms).
  const options = {
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`, '-c', 'random_page_cost=1.1'],
    ],
  };
  const pglite =
    'pgliteDir' in target
      ? new PGlite(target.pgliteDir, options)
      : new PGlite({ ...options, ...('image' in target && { loadDataDir: target.image }) });
  await pglite.waitReady;
  const db = new Kysely({ dialect: new FastPGliteDialect(pglite, parsers) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
    image: async () => {
      // what is only in shared buffers is not in the files the image is made of (an ANALYZE's row counts)
      await pglite.exec('checkpoint');
      return pglite.dumpDataDir('none');
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
