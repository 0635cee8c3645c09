import { type Kysely, sql } from 'kysely';
import { AUDIT_COLUMNS } from './columns.ts';

/**
 * The code generator's records (BladeX blade_code, issue 22): a table of a datasource (0, the platform
 * database, or a blade_datasource row) and how to name what is generated for it. Platform-wide, as
 * the datasources are. BladeX's row has no audit columns; these carry them as every table here does.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_code (
      id bigint primary key,
      datasource_id bigint not null default 0,
      service_name varchar(64) not null,
      code_name varchar(64) not null,
      table_name varchar(64) not null,
      table_prefix varchar(64),
      pk_name varchar(32) not null default 'id',
      package_name varchar(500) not null,
      base_mode int not null default 2,
      wrap_mode int not null default 2,
      api_path varchar(2000),
      web_path varchar(2000),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create index blade_code_list on blade_code (code_name, id) where is_deleted = 0`.execute(db);
}
