import { sql } from 'kysely';
import type { AnyDb, AnyTrx } from '../tenant-db.ts';
import { FENCE_LOCK_CLASS, MOVER_SETTING } from './fence-sql.ts';
import { literal } from './tables.ts';

/** A tenant's fence in one database: `moving` while a lease runs, `moved` for good (its rows are elsewhere). */
export type FenceState = { state: 'moving' | 'moved'; until: string | null } | null;

/**
 * Work as the mover, in one transaction of `db`: the tenant's rows under its policy (a non-superuser
 * owner is under row-level security too), past its fence and the ledger's append-only rule.
 */
export function asMover<T>(db: AnyDb, tenantId: string, work: (trx: AnyTrx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql.raw(`select ${moverSettings(tenantId)}`).execute(trx);
    return work(trx);
  });
}

/**
 * The mover's settings for its transaction, as SQL text (the COPY streams' connections are outside
 * Kysely, copy.ts): the tenant's rows, past its fence and the ledger's rules.
 */
export const moverSettings = (tenantId: string) =>
  `set_config('app.tenant_id', ${literal(tenantId)}, true), set_config('app.all_tenants', 'off', true),
   set_config(${literal(MOVER_SETTING)}, 'on', true)`;

async function writeFence(db: AnyDb | AnyTrx, tenantId: string, fence: FenceState): Promise<void> {
  if (!fence) {
    await sql`delete from blade_tenant_fence where tenant_id = ${tenantId}`.execute(db);
    return;
  }
  await sql`insert into blade_tenant_fence (tenant_id, state, until) values (${tenantId}, ${fence.state}, ${fence.until})
    on conflict (tenant_id) do update set state = excluded.state, until = excluded.until`.execute(db);
}

/** Fences the tenant's writes in `db` for `leaseMs` (renewed by the mover); answers the fence it replaced. */
export async function fence(db: AnyDb, tenantId: string, leaseMs: number): Promise<FenceState> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ state: 'moving' | 'moved'; until: string | null }>`
      select state, cast(until as text) as until from blade_tenant_fence where tenant_id = ${tenantId} for update`.execute(
      trx,
    );
    await sql`insert into blade_tenant_fence (tenant_id, state, until)
      values (${tenantId}, 'moving', clock_timestamp() + ${`${leaseMs} milliseconds`}::interval)
      on conflict (tenant_id) do update set state = 'moving', until = excluded.until`.execute(trx);
    return rows[0] ?? null;
  });
}

/**
 * Waits until every transaction that wrote the tenant's rows before the fence has ended: each holds
 * the shared lock its first write took, and writers that come after the fence are refused.
 */
export async function drainWriters(db: AnyDb, tenantId: string, timeoutMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select set_config('lock_timeout', ${String(timeoutMs)}, true)`.execute(trx);
    await sql`select pg_advisory_xact_lock(${FENCE_LOCK_CLASS}, hashtext(${tenantId}))`.execute(trx);
  });
}

/** Extends the mover's lease; false when it has run out (writes may have been let through since). */
export async function renewLease(db: AnyDb, tenantId: string, leaseMs: number): Promise<boolean> {
  const { rows } =
    await sql`update blade_tenant_fence set until = clock_timestamp() + ${`${leaseMs} milliseconds`}::interval
    where tenant_id = ${tenantId} and state = 'moving' and until > clock_timestamp() returning 1`.execute(db);
  return rows.length > 0;
}

/** Puts back the fence a failed move replaced (none, or `moved` from an earlier move). */
export const restoreFence = (db: AnyDb, tenantId: string, previous: FenceState) => writeFence(db, tenantId, previous);

/** Lifts the fence: the tenant is served from this database. */
export const liftFence = (db: AnyDb, tenantId: string) => writeFence(db, tenantId, null);

/** The tenant has left this database: an instance that still routes it here is refused. */
export const markMoved = (db: AnyDb, tenantId: string) => writeFence(db, tenantId, { state: 'moved', until: null });
