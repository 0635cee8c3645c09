import { type Kysely, sql } from 'kysely';
import { tenantOwnedTables } from '../platform/db/rls.ts';
import { createFenceFunctions, fenceTable } from '../platform/tenancy/move/fence-sql.ts';

/** Link tables without tenant_id: their rows are a tenant's through their parent (verified against 0003). */
const LINK_TABLES = ['blade_role_menu', 'blade_role_scope', 'blade_user_dept', 'blade_top_menu_setting'];

/**
 * Moving a tenant between databases (issue 24): a fence per tenant in each database and a statement
 * trigger on every tenant table that honours it (platform/tenancy/move/fence-sql.ts). The mover
 * (`app.tenant_move` set by a role other than the application's) copies rows without counting them
 * as changes of the warehouse data (their version row is copied with them), keeps the balance codes
 * it copies, and deletes a moved tenant's ledger rows, which nothing else may do.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await createFenceFunctions(db);
  for (const table of [...(await tenantOwnedTables(db)), ...LINK_TABLES]) await fenceTable(db, table);
  await sql`
    create or replace function wh_ledger_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and tenant_move_allowed() then return null; end if;
      raise exception 'wh_stock_movement is append-only';
    end $$`.execute(db);
  await sql`
    create or replace function wh_count_change() returns trigger language plpgsql as $$
    declare
      tenant varchar := case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end;
      counted text := coalesce(nullif(current_setting('app.wh_versioned', true), ''), ',');
    begin
      if tenant_move_allowed() then return null; end if;
      if position(',' || tenant || ',' in counted) = 0 then
        insert into wh_data_version as v (tenant_id, value) values (tenant, 1)
          on conflict (tenant_id) do update set value = v.value + 1;
        perform set_config('app.wh_versioned', counted || tenant || ',', true);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function wh_stock_balance_codes() returns trigger language plpgsql as $$
    begin
      if tenant_move_allowed() then return new; end if;
      select code into new.device_code from wh_device where id = new.device_id;
      select code into new.material_code from wh_material_code where id = new.material_code_id;
      return new;
    end $$`.execute(db);
}
