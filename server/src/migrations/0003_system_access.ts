import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';
import { AUDIT_COLUMNS } from './columns.ts';

/**
 * The rest of the access model (BladeX schema facts §1): clients, depts, posts, menus and buttons,
 * grants, scopes, dictionaries, top menus, tenant packages and regions.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_client (
      id bigint primary key,
      client_id varchar(48) not null,
      client_secret varchar(256) not null,
      resource_ids varchar(256),
      scope varchar(256) not null default 'all',
      authorized_grant_types varchar(256) not null,
      web_server_redirect_uri varchar(256),
      authorities varchar(256),
      access_token_validity int not null,
      refresh_token_validity int not null,
      additional_information varchar(4096),
      autoapprove varchar(256),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index blade_client_client_id on blade_client (client_id) where is_deleted = 0`.execute(db);

  await sql`
    create table blade_dept (
      id bigint primary key,
      tenant_id varchar(12) not null,
      parent_id bigint not null default 0,
      ancestors varchar(2000) not null default '0',
      dept_category int not null default 1,
      dept_name varchar(45) not null,
      full_name varchar(45),
      sort int not null default 0,
      remark varchar(255),
      is_deleted int not null default 0
    )`.execute(db);
  await sql`create index blade_dept_tenant_parent on blade_dept (tenant_id, parent_id)`.execute(db);

  await sql`
    create table blade_post (
      id bigint primary key,
      tenant_id varchar(12) not null,
      category int,
      post_code varchar(12) not null,
      post_name varchar(64) not null,
      sort int not null default 0,
      remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index blade_post_code on blade_post (tenant_id, post_code) where is_deleted = 0`.execute(db);

  await sql`
    create table blade_user_dept (
      id bigint primary key,
      user_id bigint not null,
      dept_id bigint not null
    )`.execute(db);
  await sql`create index blade_user_dept_user on blade_user_dept (user_id)`.execute(db);
  await sql`create index blade_user_dept_dept on blade_user_dept (dept_id)`.execute(db);

  await sql`
    create table blade_menu (
      id bigint primary key,
      parent_id bigint not null default 0,
      code varchar(255) not null,
      name varchar(255) not null,
      alias varchar(255),
      path varchar(255),
      source varchar(255),
      sort int not null default 0,
      category int not null,
      action int not null default 0,
      is_open int not null default 1,
      component varchar(255),
      remark varchar(255),
      is_deleted int not null default 0
    )`.execute(db);
  await sql`create unique index blade_menu_code on blade_menu (code) where is_deleted = 0`.execute(db);
  await sql`create index blade_menu_parent on blade_menu (parent_id)`.execute(db);

  await sql`
    create table blade_role_menu (
      id bigint primary key,
      menu_id bigint not null,
      role_id bigint not null
    )`.execute(db);
  await sql`create unique index blade_role_menu_pair on blade_role_menu (role_id, menu_id)`.execute(db);

  await sql`
    create table blade_role_scope (
      id bigint primary key,
      scope_category int not null,
      scope_id bigint not null,
      role_id bigint not null
    )`.execute(db);
  await sql`create unique index blade_role_scope_pair on blade_role_scope (role_id, scope_category, scope_id)`.execute(
    db,
  );

  await sql`
    create table blade_scope_data (
      id bigint primary key,
      menu_id bigint not null,
      resource_code varchar(255) not null,
      scope_name varchar(255) not null,
      scope_field varchar(255),
      scope_class varchar(500),
      scope_column varchar(255),
      scope_type int not null,
      scope_value varchar(2000),
      remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`
    create table blade_scope_api (
      id bigint primary key,
      menu_id bigint not null,
      resource_code varchar(255) not null,
      scope_name varchar(255) not null,
      scope_path varchar(255) not null,
      scope_type int not null default 1,
      remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);

  const dictColumns = sql.raw(`
      id bigint primary key,
      parent_id bigint not null default 0,
      code varchar(255) not null,
      dict_key varchar(255) not null,
      dict_value varchar(255) not null,
      sort int not null default 0,
      remark varchar(255),
      is_sealed int not null default 0,
      is_deleted int not null default 0`);
  await sql`create table blade_dict (${dictColumns})`.execute(db);
  await sql`create unique index blade_dict_code_key on blade_dict (code, dict_key) where is_deleted = 0`.execute(db);
  await sql`create table blade_dict_biz (${dictColumns}, tenant_id varchar(12) not null)`.execute(db);
  await sql`create unique index blade_dict_biz_code_key on blade_dict_biz (tenant_id, code, dict_key) where is_deleted = 0`.execute(
    db,
  );

  await sql`
    create table blade_top_menu (
      id bigint primary key,
      tenant_id varchar(12) not null,
      code varchar(255) not null,
      name varchar(255) not null,
      source varchar(255),
      path varchar(255),
      sort int not null default 0,
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`
    create table blade_top_menu_setting (
      id bigint primary key,
      top_menu_id bigint not null,
      menu_id bigint not null
    )`.execute(db);
  await sql`create unique index blade_top_menu_setting_pair on blade_top_menu_setting (top_menu_id, menu_id)`.execute(
    db,
  );

  await sql`
    create table blade_tenant_package (
      id bigint primary key,
      package_name varchar(50) not null,
      menu_id varchar(3000) not null,
      remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);

  await sql`
    create table blade_region (
      code varchar(12) primary key,
      parent_code varchar(12),
      ancestors varchar(255),
      name varchar(32) not null,
      province_code varchar(12),
      province_name varchar(32),
      city_code varchar(12),
      city_name varchar(32),
      district_code varchar(12),
      district_name varchar(32),
      town_code varchar(12),
      town_name varchar(32),
      village_code varchar(12),
      village_name varchar(32),
      region_level int,
      sort int not null default 0,
      remark varchar(255)
    )`.execute(db);
  await sql`create index blade_region_parent on blade_region (parent_code)`.execute(db);

  for (const table of ['blade_dept', 'blade_post', 'blade_dict_biz', 'blade_top_menu']) {
    await enableTenantIsolation(db, table);
  }
}
