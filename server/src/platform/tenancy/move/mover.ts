import { AppError } from '../../http/errors.ts';
import type { AnyDb } from '../tenant-db.ts';
import { analyzeTables, checksumRows, copyTable, countRows, deleteRows } from './copy.ts';
import { drainWriters, type FenceState, fence, liftFence, markMoved, renewLease, restoreFence } from './fence.ts';
import { type LinkTable, type MovedTable, movedTables } from './tables.ts';

/** Where a move is: each step in order, then `done` or `failed`. */
export type MoveStep = 'fence' | 'copy' | 'verify' | 'switch' | 'cleanup' | 'done' | 'failed';

export interface MoveReport {
  step: MoveStep;
  table?: string | null;
  rowsDone?: number;
  rowsTotal?: number;
}

export interface MoveOptions {
  tenantId: string;
  /** The owner connections of the database the tenant is served from and of the one it goes to. */
  source: AnyDb;
  target: AnyDb;
  links: readonly LinkTable[];
  /** Serves the tenant from the target on every instance (its binding, then the caches). */
  switchOver(): Promise<void>;
  /** Whether the binding names the target now (asked when the switch failed: it may have committed). */
  switched(): Promise<boolean>;
  report(report: MoveReport): Promise<void>;
  batchRows: number;
  /** How long a fence holds without renewal: longer than an instance keeps its bindings (30 s). */
  leaseMs?: number;
  /** How long the mover waits for the tenant's writers in flight when it fences. */
  drainMs?: number;
}

/** What the move left to do: rows in the source it could not delete after the switch (a later move into it does). */
export interface MoveOutcome {
  leftInSource: boolean;
}

const LEASE_MS = 90_000;
const DRAIN_MS = 30_000;

/** A move refused with a catalogue message (tenant messages). */
export const moveError = (key: string, params?: Record<string, string | number>) => new AppError(409, key, params);

/**
 * Moves a tenant's rows from one database to another (issue 24): fence its writes on both, wait for
 * those in flight, copy every table a batch at a time, compare a count and a checksum per table,
 * switch, then delete the rows from the source, which keeps a `moved` fence against stale instances.
 * A failure before the switch leaves the tenant served from the source, whole, and the target without
 * its rows; a switch whose outcome is unknown deletes nothing (both fences run out).
 */
export async function moveTenant(o: MoveOptions): Promise<MoveOutcome> {
  const leaseMs = o.leaseMs ?? LEASE_MS;
  const tables = await movedTables(o.source, o.tenantId, o.links);
  await o.report({ step: 'fence' });
  const before: { source?: FenceState; target?: FenceState } = {};
  let renewal: NodeJS.Timeout | undefined;
  let leaseLost = false;
  let switchTried = false;
  let copied: MovedTable[] = [];
  try {
    before.target = await fence(o.target, o.tenantId, leaseMs);
    before.source = await fence(o.source, o.tenantId, leaseMs);
    renewal = setInterval(() => {
      void Promise.all([o.source, o.target].map((db) => renewLease(db, o.tenantId, leaseMs))).then(
        (held) => {
          if (held.includes(false)) leaseLost = true;
        },
        () => undefined,
      );
    }, leaseMs / 6);
    await drainWriters(o.source, o.tenantId, o.drainMs ?? DRAIN_MS);
    // rows an earlier move could not delete (their database was down): the tenant is not served there
    await deleteRows(o.target, o.tenantId, tables);
    copied = await copyAll(o, tables);
    await verifyAll(o, tables);
    await o.report({ step: 'switch', table: null });
    if (leaseLost || !(await renewLease(o.source, o.tenantId, leaseMs))) throw moveError('tenant.move.fenceLost');
    switchTried = true;
    await o.switchOver();
  } catch (error) {
    clearInterval(renewal);
    if (switchTried && (await o.switched().catch(() => null)) !== false) {
      // committed, or unknown: nothing is deleted; both leases run out and the binding decides
      throw error;
    }
    await undo(o, tables, before);
    throw error;
  }
  clearInterval(renewal);
  return finish(o, tables, copied);
}

/** Tables copied at once: one connection of each database per table (a pool has 10). */
const COPIES_AT_ONCE = 2;

/**
 * Copies every table, the largest first, `COPIES_AT_ONCE` at a time: while one table is read out of
 * the source, another is written into the target. The link tables come after every other (a failed
 * move deletes their rows through their parents' in the target). A failure stops the copies not yet
 * begun and is thrown once those under way have ended (none commits a batch after `undo` deletes).
 */
async function copyAll(o: MoveOptions, tables: MovedTable[]): Promise<MovedTable[]> {
  const counts = await Promise.all(tables.map((t) => countRows(o.source, o.tenantId, t)));
  const rowsTotal = counts.reduce((a, b) => a + b, 0);
  let rowsDone = 0;
  let failed = false;
  const copyEach = async (queue: { t: MovedTable; n: number }[]) => {
    queue.sort((a, b) => b.n - a.n);
    const worker = async () => {
      for (let next = queue.shift(); next && !failed; next = queue.shift()) {
        const { table } = next.t;
        await o.report({ step: 'copy', table, rowsDone, rowsTotal });
        await copyTable(o.source, o.target, o.tenantId, next.t, o.batchRows, async (rows) => {
          rowsDone += rows;
          await o.report({ step: 'copy', table, rowsDone, rowsTotal });
        }).catch((error: unknown) => {
          failed = true;
          throw error;
        });
      }
    };
    const ended = await Promise.allSettled(Array.from({ length: COPIES_AT_ONCE }, worker));
    const failure = ended.find((e) => e.status === 'rejected');
    if (failure) throw failure.reason;
  };
  const withRows = tables.map((t, i) => ({ t, n: counts[i]! })).filter((e) => e.n > 0);
  await copyEach(withRows.filter((e) => !e.t.link));
  await copyEach(withRows.filter((e) => e.t.link));
  return withRows.map((e) => e.t);
}

async function verifyAll(o: MoveOptions, tables: MovedTable[]): Promise<void> {
  for (const t of tables) {
    await o.report({ step: 'verify', table: t.table });
    const [from, to] = await Promise.all([
      checksumRows(o.source, o.tenantId, t),
      checksumRows(o.target, o.tenantId, t),
    ]);
    if (from.rows !== to.rows || from.checksum !== to.checksum) {
      throw moveError('tenant.move.mismatch', { table: t.table, source: from.rows, target: to.rows });
    }
  }
}

/** After a failure before the switch: the target loses what was copied, the source writes again. */
async function undo(o: MoveOptions, tables: MovedTable[], before: { source?: FenceState; target?: FenceState }) {
  // each step on its own: a database that is down must not keep the other from being put back
  await deleteRows(o.target, o.tenantId, tables)
    .then(() => (before.target !== undefined ? restoreFence(o.target, o.tenantId, before.target) : undefined))
    .catch(() => undefined);
  if (before.source !== undefined) await restoreFence(o.source, o.tenantId, before.source).catch(() => undefined);
}

/** After the switch: the target serves the tenant, the source refuses it and loses its rows. */
async function finish(o: MoveOptions, tables: MovedTable[], copied: MovedTable[]): Promise<MoveOutcome> {
  await liftFence(o.target, o.tenantId).catch(() => undefined);
  await o.report({ step: 'cleanup', table: null });
  // the planner's statistics of the tables the tenant's rows went into, which nothing else may
  // refresh soon (autovacuum off, or not yet past its threshold): the tenant's lists are planned for them
  await analyzeTables(o.target, copied).catch(() => undefined);
  try {
    await markMoved(o.source, o.tenantId);
    await deleteRows(o.source, o.tenantId, tables);
    return { leftInSource: false };
  } catch {
    return { leftInSource: true };
  }
}
