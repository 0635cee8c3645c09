import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';
import { AUDIT_COLUMNS } from './columns.ts';

/** The role SQL datasets run as (modules/report/sql-runner.ts): it reads the `report` views and nothing else. */
const REPORT_ROLE = 'cw_report';

/**
 * What user-written SQL may read: each warehouse table as a view of the pinned tenant's live rows
 * (tenant_id and is_deleted left out). The views run as their owner, so `cw_report` needs no right on
 * the tables; the tenant comes from `report.current_tenant()`, which the SQL cannot change.
 */
const VIEWS: Record<string, string> = {
  material_type: 'select id, parent_id, code, name, sort, remark, create_time from wh_material_type',
  material: `select id, code, name, type_id, specification, unit, brand, barcode, default_provider_id,
    reference_price, safety_stock, max_stock, remark, create_time from wh_material_code`,
  provider: 'select id, code, name, contact_name, phone, email, address, remark, create_time from wh_provider',
  device: 'select id, parent_id, code, name, type, location, serial_no, sort, remark, create_time from wh_device',
  stock: `select id, device_id, material_code_id, quantity, amount, average_price, last_in_time, last_out_time
    from wh_stock_balance`,
  movement: `select id, device_id, material_code_id, kind, quantity, unit_price, amount, balance_after,
    source_type, source_id, reverses_id, movement_time, remark from wh_stock_movement`,
  refuel: `select id, refuel_no, device_id, provider_id, refuel_time, total_quantity, total_amount, remark
    from wh_refuel`,
  refuel_item: `select id, refuel_id, material_code_id, quantity, unit_price, amount, batch_no, expiry_date
    from wh_refuel_item`,
  delivery: `select id, delivery_no, device_id, person_id, user_id, dept_id, purpose, source, apply_time,
    total_quantity, total_amount, remark from wh_delivery`,
  delivery_item: 'select id, delivery_id, material_code_id, quantity, unit_price, amount from wh_delivery_item',
};

/**
 * The report designer (issue 22; docs/report-designer.md): `blade_report_file` holds each
 * tenant's report templates (the original's table, plus tenant_id; the content is the validated
 * template as JSON). The `report` schema is what SQL datasets may read (research-next-batch.md §2.4):
 * row-level security set through settings does not hold against SQL a user writes (`set_config`), so
 * the tenant is pinned by a row of `report.session` that the application writes for its backend
 * before the SQL runs, and that `cw_report` can neither write nor bypass.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_report_file (
      id bigint primary key,
      tenant_id varchar(12) not null,
      name varchar(100) not null,
      content jsonb not null,
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index blade_report_file_name on blade_report_file (tenant_id, name)
    where is_deleted = 0`.execute(db);
  await enableTenantIsolation(db, 'blade_report_file');

  await sql`create schema report`.execute(db);
  await sql`create table report.session (pid int primary key, tenant_id varchar(12) not null)`.execute(db);
  // Security definer: `cw_report` reads its own backend's row through it, and no other way.
  await sql`
    create function report.current_tenant() returns varchar language sql stable security definer
    set search_path = pg_catalog, report
    as $$ select tenant_id from report.session where pid = pg_backend_pid() $$`.execute(db);
  for (const [name, query] of Object.entries(VIEWS)) {
    await sql
      .raw(`create view report.${name} as ${query} where tenant_id = report.current_tenant() and is_deleted = 0`)
      .execute(db);
  }
  await createReportRole(db);
}

async function createReportRole(db: Kysely<unknown>): Promise<void> {
  // Roles belong to the cluster: parallel test databases may create it (or grant it) at the same time.
  await sql
    .raw(`
    do $$ begin
      if not exists (select from pg_roles where rolname = '${REPORT_ROLE}') then
        create role ${REPORT_ROLE} nologin;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`)
    .execute(db);
  // The runner switches to it (`set local role`) from the connection's own user. A grant that fails here (another
  // database of the cluster granting at the same moment) shows there, as a refused run, not as a failed migration.
  await sql
    .raw(`
    do $$ begin
      if not pg_has_role(session_user, '${REPORT_ROLE}', 'member') then
        execute format('grant ${REPORT_ROLE} to %I', session_user);
      end if;
    exception when others then null;
    end $$`)
    .execute(db);
  await sql.raw('revoke all on schema report from public').execute(db);
  await sql.raw('revoke all on report.session from public').execute(db);
  await sql.raw('revoke all on function report.current_tenant() from public').execute(db);
  await sql.raw(`grant usage on schema report to ${REPORT_ROLE}`).execute(db);
  await sql.raw(`grant execute on function report.current_tenant() to ${REPORT_ROLE}`).execute(db);
  for (const name of Object.keys(VIEWS)) {
    await sql.raw(`grant select on report.${name} to ${REPORT_ROLE}`).execute(db);
  }
}
