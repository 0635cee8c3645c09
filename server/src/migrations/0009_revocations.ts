import { type Kysely, sql } from 'kysely';

/**
 * What must outlive the shared store (a restart of the embedded server, a Redis that comes back
 * empty): revoked sessions, users' and tenants' revoked-before times, and used refresh tokens.
 * The store keeps a copy as the fast path (platform/auth/sessions.ts). Times are epoch milliseconds.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  // `key` is the store's key (session:revoked:<sid>, user:revoked-before:<tenant>:<user>, ...).
  await sql`
    create table auth_revocation (
      key varchar(200) primary key,
      revoked_at bigint not null,
      kept_session varchar(64),
      expires_at bigint not null
    )`.execute(db);
  await sql`create index auth_revocation_expires on auth_revocation (expires_at)`.execute(db);
  await sql`
    create table auth_refresh_used (
      token_id varchar(64) primary key,
      expires_at bigint not null
    )`.execute(db);
  await sql`create index auth_refresh_used_expires on auth_refresh_used (expires_at)`.execute(db);
}
