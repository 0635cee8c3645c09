import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';
import { AUDIT_COLUMNS } from './columns.ts';

// Quantities have 3 decimals, prices 4, amounts 2 (money).
const QTY = sql.raw('numeric(16,3)');
const PRICE = sql.raw('numeric(16,4)');
const MONEY = sql.raw('numeric(18,2)');

/**
 * The warehouse (docs: shared/design/warehouse.md): master data, the stock ledger and its balances,
 * inbound (refuel), outbound (delivery), warrants, persons (face images) and notices.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table wh_material_type (
      id bigint primary key, tenant_id varchar(12) not null, parent_id bigint not null default 0,
      code varchar(64) not null, name varchar(100) not null, sort int not null default 0, remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`
    create table wh_material_code (
      id bigint primary key, tenant_id varchar(12) not null, code varchar(64) not null, name varchar(100) not null,
      type_id bigint not null, specification varchar(200), unit varchar(32), brand varchar(100), barcode varchar(64),
      default_provider_id bigint, reference_price numeric(14,2), safety_stock ${QTY}, max_stock ${QTY},
      image_url varchar(1000), remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`
    create table wh_provider (
      id bigint primary key, tenant_id varchar(12) not null, code varchar(64) not null, name varchar(200) not null,
      contact_name varchar(64), phone varchar(32), email varchar(128), address varchar(255), tax_no varchar(64),
      bank_name varchar(128), bank_account varchar(64), remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`
    create table wh_device (
      id bigint primary key, tenant_id varchar(12) not null, parent_id bigint not null default 0,
      code varchar(64) not null, name varchar(100) not null, type varchar(32) not null, location varchar(255),
      serial_no varchar(100), kiosk_key_hash varchar(255), online int not null default 0, last_seen timestamptz,
      sort int not null default 0, remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  for (const table of ['wh_material_type', 'wh_material_code', 'wh_provider', 'wh_device']) {
    await sql.raw(`create unique index ${table}_code on ${table} (tenant_id, code) where is_deleted = 0`).execute(db);
  }
  await sql`create index wh_material_type_parent on wh_material_type (tenant_id, parent_id)`.execute(db);
  await sql`create index wh_material_code_type on wh_material_code (tenant_id, type_id)`.execute(db);
  await sql`create index wh_device_parent on wh_device (tenant_id, parent_id)`.execute(db);

  await sql`
    create table wh_face_image (
      id bigint primary key, tenant_id varchar(12) not null, name varchar(64) not null, user_id bigint,
      employee_no varchar(64), dept_id bigint, phone varchar(32), image_url varchar(1000), descriptor real[],
      remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);

  // One balance per device and material; only movements change it, and never below zero.
  await sql`
    create table wh_stock_balance (
      id bigint primary key, tenant_id varchar(12) not null, device_id bigint not null, material_code_id bigint not null,
      quantity ${QTY} not null default 0 check (quantity >= 0), amount ${MONEY} not null default 0 check (amount >= 0),
      average_price ${PRICE} not null default 0, last_in_time timestamptz, last_out_time timestamptz,
      ${AUDIT_COLUMNS},
      constraint wh_stock_balance_key unique (tenant_id, device_id, material_code_id)
    )`.execute(db);
  await sql`create index wh_stock_balance_material on wh_stock_balance (tenant_id, material_code_id)`.execute(db);

  // The ledger: `quantity` and `amount` are signed changes of the balance; rows are never changed.
  await sql`
    create table wh_stock_movement (
      id bigint primary key, tenant_id varchar(12) not null, device_id bigint not null, material_code_id bigint not null,
      kind varchar(8) not null check (kind in ('in', 'out', 'adjust')), quantity ${QTY} not null check (quantity <> 0),
      unit_price ${PRICE} not null, amount ${MONEY} not null, balance_after ${QTY} not null,
      source_type varchar(16) not null check (source_type in ('refuel', 'delivery', 'stocktake')),
      source_id bigint not null, reverses_id bigint, operator_id bigint, movement_time timestamptz not null default now(),
      remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create index wh_stock_movement_stock on wh_stock_movement (tenant_id, device_id, material_code_id, id)`.execute(
    db,
  );
  await sql`create index wh_stock_movement_source on wh_stock_movement (tenant_id, source_type, source_id)`.execute(db);
  await sql`create index wh_stock_movement_time on wh_stock_movement (tenant_id, movement_time)`.execute(db);
  // A movement is reversed at most once, even by two cancels at the same moment.
  await sql`create unique index wh_stock_movement_reverses on wh_stock_movement (reverses_id) where reverses_id is not null`.execute(
    db,
  );
  await sql`
    create function wh_ledger_append_only() returns trigger language plpgsql as $$
    begin raise exception 'wh_stock_movement is append-only'; end $$`.execute(db);
  await sql`
    create trigger wh_stock_movement_append_only before update or delete on wh_stock_movement
    for each statement execute function wh_ledger_append_only()`.execute(db);

  // status: 1 completed, 2 cancelled (reversed by counter-movements).
  await sql`
    create table wh_refuel (
      id bigint primary key, tenant_id varchar(12) not null, refuel_no varchar(32) not null, device_id bigint not null,
      provider_id bigint, operator_id bigint, refuel_time timestamptz not null default now(),
      total_quantity ${QTY} not null default 0, total_amount ${MONEY} not null default 0, remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`
    create table wh_refuel_item (
      id bigint primary key, tenant_id varchar(12) not null, refuel_id bigint not null, material_code_id bigint not null,
      quantity ${QTY} not null check (quantity > 0), unit_price ${PRICE} not null check (unit_price >= 0),
      amount ${MONEY} not null, batch_no varchar(64), expiry_date date, sort int not null default 0,
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`
    create table wh_delivery (
      id bigint primary key, tenant_id varchar(12) not null, delivery_no varchar(32) not null, device_id bigint not null,
      person_id bigint, user_id bigint, dept_id bigint, operator_id bigint, purpose varchar(255),
      source varchar(8) not null default 'web' check (source in ('web', 'kiosk')),
      apply_time timestamptz not null default now(), total_quantity ${QTY} not null default 0,
      total_amount ${MONEY} not null default 0, remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`
    create table wh_delivery_item (
      id bigint primary key, tenant_id varchar(12) not null, delivery_id bigint not null, material_code_id bigint not null,
      quantity ${QTY} not null check (quantity > 0), unit_price ${PRICE} not null, amount ${MONEY} not null,
      sort int not null default 0,
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index wh_refuel_no on wh_refuel (tenant_id, refuel_no)`.execute(db);
  await sql`create index wh_refuel_time on wh_refuel (tenant_id, refuel_time)`.execute(db);
  await sql`create index wh_refuel_item_refuel on wh_refuel_item (tenant_id, refuel_id, id)`.execute(db);
  await sql`create unique index wh_delivery_no on wh_delivery (tenant_id, delivery_no)`.execute(db);
  await sql`create index wh_delivery_person on wh_delivery (tenant_id, person_id, apply_time)`.execute(db);
  await sql`create index wh_delivery_item_delivery on wh_delivery_item (tenant_id, delivery_id, id)`.execute(db);

  await sql`
    create table wh_warrant (
      id bigint primary key, tenant_id varchar(12) not null, person_id bigint not null, device_id bigint,
      material_type_id bigint, material_code_id bigint, max_per_day ${QTY}, max_per_month ${QTY},
      valid_from timestamptz, valid_to timestamptz, enabled int not null default 1, remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create index wh_warrant_person on wh_warrant (tenant_id, person_id)`.execute(db);

  await sql`
    create table wh_notice (
      id bigint primary key, tenant_id varchar(12) not null, type varchar(32) not null, level int not null default 1,
      title varchar(200) not null, content varchar(1000), device_id bigint, material_code_id bigint,
      treated int not null default 0, handler_id bigint, handle_time timestamptz, handle_remark varchar(255),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  // At most one untreated notice of a kind per device and material (automatic ones insert "on conflict do nothing").
  await sql`
    create unique index wh_notice_untreated on wh_notice (tenant_id, type, device_id, material_code_id)
    where treated = 0 and is_deleted = 0`.execute(db);
  await sql`create index wh_notice_treated on wh_notice (tenant_id, treated)`.execute(db);

  // Counters behind refuelNo and deliveryNo: one row per tenant, prefix and day.
  await sql`
    create table wh_number_sequence (
      tenant_id varchar(12) not null, prefix varchar(8) not null, day varchar(8) not null, value int not null,
      primary key (tenant_id, prefix, day)
    )`.execute(db);

  // The "materials" screen: balances with what a row shows. security_invoker keeps row-level security.
  await sql`
    create view wh_stock_view with (security_invoker = true) as
    select b.id, b.tenant_id, b.device_id, b.material_code_id, b.quantity, b.amount, b.average_price,
      b.last_in_time, b.last_out_time, b.create_user, b.create_dept, b.create_time, b.update_user, b.update_time,
      b.status, b.is_deleted, m.code as material_code, m.name as material_name, m.type_id as material_type_id,
      m.unit, m.specification, m.safety_stock, m.max_stock, d.code as device_code, d.name as device_name,
      case when b.quantity = 0 then 'out' when b.quantity < coalesce(m.safety_stock, 0) then 'low' else 'ok' end
        as state
    from wh_stock_balance b
    join wh_material_code m on m.id = b.material_code_id
    join wh_device d on d.id = b.device_id`.execute(db);

  for (const table of [
    'wh_material_type',
    'wh_material_code',
    'wh_provider',
    'wh_device',
    'wh_face_image',
    'wh_stock_balance',
    'wh_stock_movement',
    'wh_refuel',
    'wh_refuel_item',
    'wh_delivery',
    'wh_delivery_item',
    'wh_warrant',
    'wh_notice',
    'wh_number_sequence',
  ]) {
    await enableTenantIsolation(db, table);
  }
}
