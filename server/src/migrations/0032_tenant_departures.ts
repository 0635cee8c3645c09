import { type Kysely, sql } from 'kysely';

/**
 * Each database a tenant has left (issue 24), kept in the main database: the move leaves a `moved`
 * fence there (0030), which nothing else would find once the tenant is removed. Written with the
 * binding at a move's switch; read and emptied by a tenant's removal, and retried at start and when
 * a datasource is opened while a database was down (modules/system/tenant/departures.ts).
 * `datasource_id` 0 is the main database, as in the tenant screen's 数据源 dialog.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blade_tenant_departure (
      tenant_id varchar(12) not null,
      datasource_id bigint not null,
      primary key (tenant_id, datasource_id)
    )`.execute(db);
}
