import { type Kysely, sql } from 'kysely';
import { enableTenantIsolation } from '../platform/db/rls.ts';

/**
 * Every warehouse table a report, a chart or the home figures read (all but the kiosk's face images), and
 * the tenant's business dictionaries, whose labels (the materials' units) the reports show. A later
 * warehouse table gets the trigger in its own migration (`warehouse-kept-answers.test.ts` lists them).
 */
const WATCHED = [
  'blade_dict_biz',
  'wh_delivery',
  'wh_delivery_item',
  'wh_device',
  'wh_material_code',
  'wh_material_type',
  'wh_notice',
  'wh_number_sequence',
  'wh_outbound_approval',
  'wh_provider',
  'wh_refuel',
  'wh_refuel_item',
  'wh_stock_balance',
  'wh_stock_flow',
  'wh_stock_movement',
  'wh_warrant',
];

/**
 * A version of each tenant's warehouse data (issue 17): the reports and figures are kept in memory
 * under it (`platform/db/versioned-results.ts`), so a page read again is not computed again.
 *
 * Every transaction that writes a watched table adds one to its tenant's version, once, when it
 * commits: the triggers are deferred constraint triggers, so the version row is locked only in the
 * commit's last step, by a transaction that then waits for nothing else. Writers of one tenant queue
 * on it only for that step (a refuel and a delivery still never wait for each other's documents), and
 * it can close no cycle of locks. The row is the tenant's, under its policy, and is read as one
 * indexed row. Any server sees the bump when the write commits: a cache on another instance is never
 * served past it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table wh_data_version (
      tenant_id varchar(12) primary key,
      value bigint not null
    )`.execute(db);
  await enableTenantIsolation(db, 'wh_data_version');
  // `app.wh_versioned` lists the tenants this transaction has counted already (a statement writes many
  // rows, a document many tables): the first row counts, the others only read a setting.
  await sql`
    create function wh_count_change() returns trigger language plpgsql as $$
    declare
      tenant varchar := case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end;
      counted text := coalesce(nullif(current_setting('app.wh_versioned', true), ''), ',');
    begin
      if position(',' || tenant || ',' in counted) = 0 then
        insert into wh_data_version as v (tenant_id, value) values (tenant, 1)
          on conflict (tenant_id) do update set value = v.value + 1;
        perform set_config('app.wh_versioned', counted || tenant || ',', true);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of WATCHED) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_versioned`)}
      after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred
      for each row execute function wh_count_change()`.execute(db);
  }
}
