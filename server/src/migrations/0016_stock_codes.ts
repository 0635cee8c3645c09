import { type Kysely, sql } from 'kysely';

/**
 * The stock list and the inventory report in their order from one index (issue 17). Both are ordered
 * by device code, then material code, codes of two other tables: a deep page sorted every stock row
 * of the tenant (7 ms at 5k rows on PostgreSQL, 77 ms at ten clients), and counting joined three
 * tables. Each balance now keeps its device's and material's codes, kept true by triggers whatever
 * writes (a first receipt, a code edited on either screen), and one index gives the order. The view
 * reads the codes from the balance and joins the rest with left joins, which a count drops: the
 * joined rows always exist (balances are only made for them), so no row is added or lost.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table wh_stock_balance add column device_code varchar(64), add column material_code varchar(64)`.execute(
    db,
  );
  await sql`
    update wh_stock_balance b set device_code = d.code, material_code = m.code
    from wh_device d, wh_material_code m
    where d.id = b.device_id and m.id = b.material_code_id`.execute(db);
  await sql`
    create function wh_stock_balance_codes() returns trigger language plpgsql as $$
    begin
      select code into new.device_code from wh_device where id = new.device_id;
      select code into new.material_code from wh_material_code where id = new.material_code_id;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger wh_stock_balance_codes before insert or update of device_id, material_code_id on wh_stock_balance
    for each row execute function wh_stock_balance_codes()`.execute(db);
  // A code edited reaches the stock of that device or material: one function, told which columns.
  await sql`
    create function wh_code_to_stock() returns trigger language plpgsql as $$
    begin
      execute format('update wh_stock_balance set %I = $1 where tenant_id = $2 and %I = $3', tg_argv[0], tg_argv[1])
        using new.code, new.tenant_id, new.id;
      return null;
    end $$`.execute(db);
  for (const [table, code, id] of [
    ['wh_device', 'device_code', 'device_id'],
    ['wh_material_code', 'material_code', 'material_code_id'],
  ] as const) {
    await sql`
      create trigger ${sql.id(`${table}_code_to_stock`)} after update of code on ${sql.table(table)}
      for each row when (old.code is distinct from new.code)
      execute function wh_code_to_stock(${sql.lit(code)}, ${sql.lit(id)})`.execute(db);
  }
  // The lists' order ends in `id desc` (platform/db/paging.ts), so the index does too; the ids the
  // view's (dropped) joins name are included, or PostgreSQL reads the table for them (no index-only scan).
  await sql`
    create index wh_stock_balance_order on wh_stock_balance (tenant_id, device_code, material_code, id desc)
    include (device_id, material_code_id) where is_deleted = 0`.execute(db);
  await sql`
    create or replace view wh_stock_view with (security_invoker = true) as
    select b.id, b.tenant_id, b.device_id, b.material_code_id, b.quantity, b.amount, b.average_price,
      b.last_in_time, b.last_out_time, b.create_user, b.create_dept, b.create_time, b.update_user, b.update_time,
      b.status, b.is_deleted, b.material_code, m.name as material_name, m.type_id as material_type_id,
      m.unit, m.specification, m.safety_stock, m.max_stock, b.device_code, d.name as device_name,
      case when b.quantity = 0 then 'out' when b.quantity < coalesce(m.safety_stock, 0) then 'low' else 'ok' end
        as state
    from wh_stock_balance b
    left join wh_material_code m on m.id = b.material_code_id and m.tenant_id = b.tenant_id
    left join wh_device d on d.id = b.device_id and d.tenant_id = b.tenant_id`.execute(db);
}
