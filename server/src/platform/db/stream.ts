import { randomBytes } from 'node:crypto';
import { type Compilable, type RawBuilder, sql } from 'kysely';
import type { AnyDb, AnyTrx, TenantDb } from '../tenancy/tenant-db.ts';

/** How a streamed query is read. */
export interface StreamOptions {
  /** Rows one fetch reads (default 200). */
  batch?: number;
  /**
   * How long the consumer may leave a batch untaken before the query is ended and its connection
   * (PostgreSQL) or cursor (PGlite) freed (default 60 s): a client that stops reading holds nothing.
   */
  idleMs?: number;
  /** Told why a stream was ended early (the download ends with this line in the log). */
  onIdle?: (message: string) => void;
}

/** The consumer left a streamed query unread past its time limit; it was ended. */
export class StreamIdleError extends Error {}

/** A tenant transaction (or a series of them) that a streamed query's statements run in. */
interface Session {
  run<T>(work: (trx: AnyTrx) => Promise<T>): Promise<T>;
  /** Frees what the stream holds; safe to call twice. */
  end(): Promise<void>;
}

// 200 rows a fetch: a batch is garbage before the next, so it dies young in the heap; at 1000 the
// rows in flight were promoted and the heap grew by 100 MiB and more per export.
const DEFAULTS = { batch: 200, idleMs: 60_000 };

/**
 * The rows of one query, read through a server-side cursor a batch at a time as the consumer takes
 * them, each batch turned into what the consumer needs by `each` (labels, cells) in a tenant
 * transaction: row-level security and the tenant setting apply to the query as to any request.
 *
 * On PostgreSQL the cursor lives in one tenant transaction held for the stream, on one connection
 * of the pool: rows are read as they are written, and memory stays at one batch whatever the query.
 * PGlite has a single connection, so a held transaction would stop every other request for the
 * whole download: there the cursor is declared `with hold` in a short tenant transaction (its rows
 * are computed once, at commit, into PGlite's temporary storage) and each batch is fetched in its
 * own short transaction, between which other requests run.
 *
 * `query` is built in the transaction that declares the cursor, so it may read what it needs.
 */
export async function* streamQuery<R, T>(
  db: AnyDb,
  tenantDb: TenantDb,
  tenantId: string,
  query: (trx: AnyTrx) => Compilable<R> | RawBuilder<R>,
  each: (trx: AnyTrx, rows: R[]) => Promise<T[]> | T[],
  options: StreamOptions = {},
): AsyncGenerator<T[], void, undefined> {
  const { batch, idleMs } = { ...DEFAULTS, ...options };
  const oneConnection = !db.getExecutor().adapter.supportsMultipleConnections;
  const cursor = sql.id(`stream_${randomBytes(6).toString('hex')}`);
  const session = oneConnection ? batchTransactions(tenantDb, tenantId, cursor) : heldTransaction(tenantDb, tenantId);
  let timer: NodeJS.Timeout | undefined;
  let idle = false;
  try {
    await session.run((trx) =>
      sql`declare ${cursor} no scroll cursor ${oneConnection ? sql`with hold` : sql``} for ${query(trx)}`.execute(trx),
    );
    for (;;) {
      const { count, out } = await session.run(async (trx) => {
        const { rows } = await sql<R>`fetch forward ${sql.raw(String(batch))} from ${cursor}`.execute(trx);
        return { count: rows.length, out: rows.length ? await each(trx, rows) : [] };
      });
      if (count) {
        timer = setTimeout(() => {
          idle = true;
          options.onIdle?.(`streamed query ended: its reader took nothing for ${idleMs / 1000} s`);
          void session.end();
        }, idleMs);
        yield out;
        clearTimeout(timer);
        if (idle) throw new StreamIdleError(`the stream was left unread for ${idleMs / 1000} s`);
      }
      if (count < batch) return;
    }
  } finally {
    clearTimeout(timer);
    await session.end();
  }
}

/**
 * PostgreSQL: one tenant transaction held open while statements are handed to it one at a time;
 * `end` commits it (a read: nothing to keep or undo). A failed statement rolls it back.
 */
function heldTransaction(tenantDb: TenantDb, tenantId: string): Session {
  type Job = { work: (trx: AnyTrx) => Promise<unknown>; resolve(v: unknown): void; reject(e: unknown): void };
  let waiting: ((job: Job | null) => void) | undefined;
  let queued: Job | null | undefined;
  let failure: unknown;
  let ended = false;
  const hand = (job: Job | null) => {
    if (waiting) waiting(job);
    else queued = job;
    waiting = undefined;
  };
  const next = () =>
    new Promise<Job | null>((resolve) => {
      if (queued !== undefined) resolve(queued);
      else waiting = resolve;
      queued = undefined;
    });
  let current: Job | null = null;
  const finished = tenantDb
    .inTenant(tenantId, async (trx) => {
      for (current = await next(); current; current = await next()) {
        current.resolve(await current.work(trx));
      }
    })
    .catch((error: unknown) => {
      failure = error;
      ended = true;
      current?.reject(error);
    });
  return {
    run: <T>(work: (trx: AnyTrx) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        if (ended) return reject(failure ?? new StreamIdleError('the stream was ended'));
        hand({ work, resolve: resolve as (v: unknown) => void, reject });
      }),
    async end() {
      if (!ended) hand(null);
      ended = true;
      await finished;
    },
  };
}

/** PGlite: every statement in its own short tenant transaction; `end` closes the held cursor. */
function batchTransactions(tenantDb: TenantDb, tenantId: string, cursor: RawBuilder<unknown>): Session {
  let ended = false;
  let closing: Promise<void> | undefined;
  return {
    run: (work) =>
      ended ? Promise.reject(new StreamIdleError('the stream was ended')) : tenantDb.inTenant(tenantId, work),
    end() {
      ended = true;
      // Gone already when the declaring transaction failed: nothing to close then.
      closing ??= tenantDb
        .inTenant(tenantId, (trx) => sql`close ${cursor}`.execute(trx))
        .then(() => undefined)
        .catch(() => undefined);
      return closing;
    },
  };
}
