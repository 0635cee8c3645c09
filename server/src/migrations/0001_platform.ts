import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';

/** Installation settings, and the api, error and usual logs (BladeX blade_log_* columns). */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_setting (
      key varchar(128) primary key,
      value text not null,
      create_time timestamptz not null default now()
    )`.execute(db);

  const logColumns = sql.raw(`
      id bigint primary key,
      tenant_id varchar(12) not null default '000000',
      service_id varchar(32),
      server_host varchar(255),
      server_ip varchar(255),
      env varchar(255),
      method varchar(10),
      request_uri varchar(2000),
      user_agent varchar(1000),
      remote_ip varchar(255),
      method_class varchar(255),
      method_name varchar(255),
      params text,
      create_by varchar(64),
      create_user bigint,
      create_time timestamptz not null default now()`);

  await sql`
    create table blade_log_api (
      ${logColumns},
      type char(1) not null default '1',
      title varchar(255),
      time varchar(64),
      status_code int
    )`.execute(db);
  await sql`
    create table blade_log_error (
      ${logColumns},
      stack_trace text,
      exception_name varchar(255),
      message text,
      line_number int,
      file_name varchar(1000)
    )`.execute(db);
  await sql`
    create table blade_log_usual (
      ${logColumns},
      log_level varchar(10),
      log_id varchar(100),
      log_data text
    )`.execute(db);
  for (const table of ['blade_log_api', 'blade_log_error', 'blade_log_usual']) {
    await sql`create index ${sql.raw(`${table}_tenant_time`)} on ${sql.table(table)} (tenant_id, create_time desc)`.execute(
      db,
    );
    await enableTenantIsolation(db, table);
  }
}
