import { type Kysely, sql } from 'kysely';
import { AUDIT_COLUMNS } from './columns.ts';

/** Datasources of the code generator and tenant datasources (BladeX blade_datasource); passwords sealed. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_datasource (
      id bigint primary key,
      name varchar(100) not null,
      driver_class varchar(100) not null,
      url varchar(500) not null,
      username varchar(45) not null,
      password text not null,
      remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index blade_datasource_name on blade_datasource (name) where is_deleted = 0`.execute(db);
}
