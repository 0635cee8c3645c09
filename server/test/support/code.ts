import { sql } from 'kysely';
import type { AnyDb } from '../../src/platform/tenancy/tenant-db.ts';

/**
 * A table to generate code for, as an administrator would have made it: a tenant column, text of
 * both lengths, a whole number, a decimal, a time, an id, comments in Chinese and with quotes.
 */
export async function createFixtureTable(db: AnyDb, table = 'cw_widget'): Promise<void> {
  await sql
    .raw(`
    create table ${table} (
      id bigint primary key,
      tenant_id varchar(12) not null,
      widget_name varchar(100) not null,
      widget_code varchar(32) not null,
      quantity int,
      unit_price numeric(12, 2),
      due_time timestamptz,
      owner_id bigint,
      remark text,
      create_user bigint,
      create_dept bigint,
      create_time timestamptz not null default now(),
      update_user bigint,
      update_time timestamptz not null default now(),
      status int not null default 1,
      is_deleted int not null default 0
    )`)
    .execute(db);
  await sql.raw(`comment on table ${table} is '小部件'`).execute(db);
  await sql.raw(`comment on column ${table}.widget_name is '部件名称'`).execute(db);
  // a comment that would end a string, a comment or a template if it were pasted into code
  await sql.raw(`comment on column ${table}.widget_code is 'Code ''x'' */ \${y} \\ "z"'`).execute(db);
  await sql.raw(`comment on column ${table}.quantity is '数量'`).execute(db);
}

/** A generator record's form for the fixture table. */
export const fixtureRecord = (extra: object = {}) => ({
  datasourceId: '0',
  codeName: '小部件',
  serviceName: 'blade-develop',
  tableName: 'cw_widget',
  tablePrefix: 'cw_',
  pkName: 'id',
  packageName: 'develop',
  baseMode: 2,
  wrapMode: 2,
  ...extra,
});
