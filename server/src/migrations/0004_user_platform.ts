import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';

/**
 * Per-platform user settings and social accounts. BladeX keeps one table per platform
 * (blade_user_web/_app/_other); one table with the user type as a column says the same.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_user_platform (
      id bigint primary key,
      tenant_id varchar(12) not null,
      user_id bigint not null,
      user_type int not null,
      user_ext varchar(255)
    )`.execute(db);
  await sql`create unique index blade_user_platform_user on blade_user_platform (user_id, user_type)`.execute(db);
  await sql`
    create table blade_user_oauth (
      id bigint primary key,
      tenant_id varchar(12) not null,
      uuid varchar(64) not null,
      user_id bigint,
      username varchar(32),
      nickname varchar(64),
      avatar varchar(1000),
      source varchar(16)
    )`.execute(db);
  await sql`create index blade_user_oauth_user on blade_user_oauth (user_id)`.execute(db);
  await enableTenantIsolation(db, 'blade_user_platform');
  await enableTenantIsolation(db, 'blade_user_oauth');
}
