import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';

const LOG_TABLES = ['blade_log_api', 'blade_log_error', 'blade_log_usual'] as const;

/**
 * The log screens (issue 20): the login log and the sessions' list (both beyond BladeX, as its peers
 * have them), and indexes for the filters of the log screens.
 *
 * - `blade_log_login`: every grant attempt with its result; never a password. The tenant is the one
 *   asked for when it exists, else the platform's (an unknown tenant is not a tenant to file it under).
 * - `blade_user_session`: one row per session (sign-in to sign-out), for 在线用户. Revocations stay in
 *   auth_revocation and the shared store, which decide; this table is what the screen lists.
 * - Indexes: a tenant's page walks (tenant_id, create_time desc, id desc) and stops at its rows; the
 *   platform administrator's page over every tenant, and the retention purge, walk (create_time, id).
 *   "Contains" filters walk that order and stop at a page (see modules/log/list/repository.ts); an
 *   address, which the screens match whole and which is rare among a million rows, has its own index
 *   (address, time), without the tenant so that the platform administrator's search uses it too.
 *   Measured by bench/log-plans.ts.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of LOG_TABLES) {
    const t = sql.table(table);
    const name = (suffix: string) => sql.raw(`${table}_${suffix}`);
    await sql`drop index if exists ${name('tenant_time')}`.execute(db);
    await sql`create index ${name('tenant_time')} on ${t} (tenant_id, create_time desc, id desc)`.execute(db);
    await sql`create index ${name('time')} on ${t} (create_time desc, id desc)`.execute(db);
    await sql`create index ${name('ip')} on ${t} (remote_ip, create_time desc)`.execute(db);
  }

  await sql`
    create table blade_log_login (
      id bigint primary key,
      tenant_id varchar(12) not null default '000000',
      login_tenant varchar(64),
      account varchar(100),
      user_id bigint,
      client_id varchar(64),
      grant_type varchar(32),
      result varchar(32) not null,
      message varchar(500),
      remote_ip varchar(255),
      user_agent varchar(1000),
      server_host varchar(255),
      create_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index blade_log_login_tenant_time on blade_log_login (tenant_id, create_time desc, id desc)`.execute(
    db,
  );
  await sql`create index blade_log_login_time on blade_log_login (create_time desc, id desc)`.execute(db);
  await sql`create index blade_log_login_ip on blade_log_login (remote_ip, create_time desc)`.execute(db);
  await enableTenantIsolation(db, 'blade_log_login');

  await sql`
    create table blade_user_session (
      id varchar(64) primary key,
      tenant_id varchar(12) not null,
      user_id bigint not null,
      account varchar(100),
      user_name varchar(100),
      client_id varchar(64),
      remote_ip varchar(255),
      user_agent varchar(1000),
      login_time timestamptz not null default now(),
      last_refresh timestamptz not null default now(),
      expires_at timestamptz not null,
      ended_at timestamptz,
      end_reason varchar(32)
    )`.execute(db);
  await sql`create index blade_user_session_live on blade_user_session (tenant_id, login_time desc) where ended_at is null`.execute(
    db,
  );
  await sql`create index blade_user_session_user on blade_user_session (tenant_id, user_id) where ended_at is null`.execute(
    db,
  );
  await sql`create index blade_user_session_expires on blade_user_session (expires_at)`.execute(db);
  await enableTenantIsolation(db, 'blade_user_session');
}
