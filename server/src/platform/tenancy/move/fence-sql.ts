import { sql } from 'kysely';
import { type AnyDb, APP_ROLE } from '../tenant-db.ts';

/** The SQLSTATE a write of a fenced tenant is refused with (answered 503 "being moved"). */
export const TENANT_MOVING = 'TMOVE';

/** The first key of the advisory locks a tenant's writers share and its mover takes alone. */
export const FENCE_LOCK_CLASS = 1_953_066_341;

/** The session setting the mover runs under: its own writes pass the fences and the ledger's append-only rule. */
export const MOVER_SETTING = 'app.tenant_move';

/**
 * The statement trigger that fences a tenant's writes (issue 24), given to every tenant table and
 * every link table reached through one. It reads the tenant from the transaction's setting, so it
 * costs a write statement one shared advisory lock and one lookup in a table of a few rows, and a
 * read nothing. Cross-tenant work (no tenant set) and the mover pass.
 */
export async function createFenceFunctions(db: AnyDb): Promise<void> {
  await sql`
    create table blade_tenant_fence (
      tenant_id varchar(12) primary key,
      state varchar(8) not null,
      until timestamptz
    )`.execute(db);
  // Any session may set a custom setting; the application role (requests) is never the mover.
  await sql
    .raw(`
    create function tenant_move_allowed() returns boolean language sql stable as $$
      select coalesce(current_setting('${MOVER_SETTING}', true), '') = 'on' and current_user <> '${APP_ROLE}'
    $$`)
    .execute(db);
  await sql
    .raw(`
    create function tenant_fenced(tenant text) returns boolean language sql volatile as $$
      select exists (select from blade_tenant_fence f where f.tenant_id = tenant
                     and (f.state = 'moved' or f.until > clock_timestamp()))
    $$`)
    .execute(db);
  // The embedded database cannot bind tenants (nothing ever fences one there): its writes skip the
  // trigger's cost, which a single-threaded database pays on every statement (fenceTable then adds none).
  const { rows } = await sql<{ embedded: boolean }>`select version() like '%PGlite%' as embedded`.execute(db);
  if (rows[0]?.embedded) return;
  // Refused at once when fenced; else the shared lock, held until the transaction ends (the mover's
  // exclusive one waits for every writer in flight), then the fence read again: set meanwhile, it
  // refuses. The second read sees a fence committed since because requests run in read committed (a
  // statement's own snapshot): a repeatable-read writer would need the lock itself to refuse.
  await sql
    .raw(`
    create function tenant_write_fence() returns trigger language plpgsql as $$
    declare
      tenant text := current_setting('app.tenant_id', true);
    begin
      if tenant is null or tenant = '' or tenant_move_allowed() then return null; end if;
      if not tenant_fenced(tenant) then
        perform pg_advisory_xact_lock_shared(${FENCE_LOCK_CLASS}, hashtext(tenant));
        if not tenant_fenced(tenant) then return null; end if;
      end if;
      raise exception 'tenant % is being moved to another database', tenant using errcode = '${TENANT_MOVING}';
    end $$`)
    .execute(db);
}

/** Gives a table the fence trigger, when the fence exists (migrations before 0030 run without it). */
export async function fenceTable(db: AnyDb, table: string): Promise<void> {
  await sql
    .raw(`
    do $$ begin
      if exists (select from pg_proc where proname = 'tenant_write_fence') then
        create trigger ${table}_write_fence before insert or update or delete on ${table}
        for each statement execute function tenant_write_fence();
      end if;
    end $$`)
    .execute(db);
}
