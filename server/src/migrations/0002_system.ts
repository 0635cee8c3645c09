import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';
import { AUDIT_COLUMNS } from './columns.ts';

/** Tenants, roles, users and parameters: what the first start seeds (BladeX schema facts §1). */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_tenant (
      id bigint primary key,
      tenant_id varchar(12) not null,
      tenant_name varchar(50) not null,
      domain varchar(255),
      background_url varchar(1000),
      linkman varchar(20),
      contact_number varchar(20),
      address varchar(255),
      account_number int not null default -1,
      expire_time timestamptz,
      package_id bigint,
      datasource_id bigint,
      license_key varchar(1000),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index blade_tenant_tenant_id on blade_tenant (tenant_id) where is_deleted = 0`.execute(db);

  await sql`
    create table blade_role (
      id bigint primary key,
      tenant_id varchar(12) not null,
      parent_id bigint not null default 0,
      role_name varchar(255) not null,
      sort int not null default 0,
      role_alias varchar(255) not null,
      is_deleted int not null default 0
    )`.execute(db);
  await sql`create index blade_role_tenant on blade_role (tenant_id)`.execute(db);

  await sql`
    create table blade_user (
      id bigint primary key,
      tenant_id varchar(12) not null,
      code varchar(12),
      user_type int not null default 1,
      account varchar(45) not null,
      password varchar(255) not null,
      name varchar(20),
      real_name varchar(10),
      avatar varchar(500),
      email varchar(45),
      phone varchar(45),
      birthday timestamptz,
      sex int,
      role_id varchar(1000),
      dept_id varchar(1000),
      post_id varchar(1000),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index blade_user_account on blade_user (tenant_id, account) where is_deleted = 0`.execute(db);

  await sql`
    create table blade_param (
      id bigint primary key,
      param_name varchar(255) not null,
      param_key varchar(255) not null,
      param_value text not null,
      remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index blade_param_key on blade_param (param_key) where is_deleted = 0`.execute(db);

  await enableTenantIsolation(db, 'blade_role');
  await enableTenantIsolation(db, 'blade_user');
}
