import { type Kysely, sql } from 'kysely';

/**
 * Sign-in failures, lockouts and the addresses each account signed in from (issue 16): kept in the
 * database so that a restart or an emptied shared store forgets no lockout. One row per account and
 * client address (a digest, never the address), and one per account (address '*') for its lock and
 * the failures from addresses it never signed in from. Platform-wide, read by the token endpoint
 * before any tenant is known. Also each tenant's switch for guest registration, off by default.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_login_guard (
      tenant_id varchar(12) not null,
      account varchar(100) not null,
      address varchar(32) not null,
      failures int not null default 0,
      window_end timestamptz not null default now(),
      locked_until timestamptz,
      trusted_until timestamptz,
      primary key (tenant_id, account, address)
    )`.execute(db);
  await sql`create index blade_login_guard_window on blade_login_guard (window_end)`.execute(db);
  await sql`alter table blade_tenant add column guest_registration int not null default 0`.execute(db);
}
