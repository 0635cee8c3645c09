import { type Kysely, type SqlBool, sql } from 'kysely';
import type { AnyTrx } from '../tenancy/tenant-db.ts';

/**
 * "Contains" searches (`ilike '%…%'`) of a large table's text column, served by a trigram index.
 *
 * Under the tenant policy PostgreSQL never uses such an index for the requests' role: a condition
 * of the query is evaluated after the policy's unless its function is leakproof, so it is never an
 * index condition, and `ilike` is not leakproof. So the search goes through a function that runs as
 * the table's owner (security definer), where the index is used, and answers only ids: the ids of
 * the caller's tenant whose column matches. The list's own query then keeps only its rows with
 * those ids (platform/crud/contains-filter.ts), under the policy as before, so what a caller sees and counts is still decided by the
 * policy; the function narrows, it never widens. When the owner is itself under the forced policy
 * (not a superuser nor BYPASSRLS), the function's query is too: slower, with the same answer.
 */

/**
 * `value ilike pattern`, as a function the planner cannot see into. Under the tenant policy the
 * planner may not read a column's statistics for a condition that is not leakproof, so it estimates
 * `ilike '%…%'` as matching almost nothing and sorts every match rather than walk the list's order:
 * a part that most numbers share took 50 ms for a page of 40k deliveries. A function's condition is
 * estimated to keep a third of the rows: the page walks its order's index and stops (0.8 ms).
 * Created by migration 0018; lists now use `containsCondition`, which is estimated alike and cheaper.
 */
export const ILIKE_FUNCTION = 'ilike_unplanned';

/**
 * `column ilike '%text%'` (text taken literally) as the plain condition of a list: where many rows
 * match (the search function found more than a page's bound, or the part is too short for
 * trigrams); a rare part is found through the index instead (`idsMatching`). The same rows as
 * `ilike`, which in a multibyte encoding lowercases both sides with `lower()` and compares bytes.
 * Estimated, like ILIKE_FUNCTION, to keep a third of the rows (a comparison of a function's result),
 * so a page walks its order's index and stops; but it is two C functions per row where
 * ILIKE_FUNCTION is a plpgsql call: a bounded count of 1,001 refuels of `RF2`, 0.8 -> 0.4 ms on
 * PostgreSQL, 2.3 -> 0.6 ms on the embedded database.
 */
export function containsCondition(column: string, text: string) {
  return sql<SqlBool>`strpos(lower(${sql.ref(column)}), lower(${text}::text)) > 0`;
}

/** The name of the function answering the ids of `table`'s rows whose `column` matches a pattern. */
export const containingFunction = (table: string, column: string) => `${table}_${column}_containing`;

/** Creates ILIKE_FUNCTION (in a migration): plpgsql, so never inlined back into the `ilike` it wraps. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped
export async function createIlikeFunction(db: Kysely<any>): Promise<void> {
  await sql`create function ${sql.id(ILIKE_FUNCTION)}(value text, pattern text) returns boolean
    language plpgsql immutable strict parallel safe
    as 'begin return value ilike pattern; end'`.execute(db);
}

/** Creates the trigram index and the search function of one column (in a migration). */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped
export async function createContainsSearch(db: Kysely<any>, table: string, column: string): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  // Without fastupdate: a new row's trigrams go into the index at once, not into a pending list that
  // every search reads through until a vacuum merges it (numbers are written once and searched often).
  await sql`create index ${sql.id(`${table}_${column}_trgm`)} on ${sql.table(table)}
    using gin (${sql.ref(column)} gin_trgm_ops) with (fastupdate = off)`.execute(db);
  await createContainingFunction(db, table, column);
}

/**
 * (Re)creates the search function of one column. Its query is planned for each call's pattern
 * (plpgsql `execute … using`): a `language sql` function is planned for any pattern, and that plan
 * reads every match from the trigram index before its limit applies, so a part most rows share
 * (`RF2`: 60,000 refuels) cost 3 ms for nothing; planned for the pattern, the column's statistics
 * say most rows match and a plain scan stops at the bound (0.5 ms), while a rare part still reads the
 * index. Answers at most `most` ids.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped
export async function createContainingFunction(db: Kysely<any>, table: string, column: string): Promise<void> {
  const fn = sql.id(containingFunction(table, column));
  const query = `select id from ${table} where ${column} ilike $1
      and (tenant_id = current_setting('app.tenant_id', true) or current_setting('app.all_tenants', true) = 'on')
      limit $2`.replaceAll("'", "''");
  await sql`create or replace function ${fn}(pattern text, most integer) returns setof bigint
    language plpgsql stable security definer rows 100 set search_path from current
    as ${sql.lit(`begin return query execute '${query}' using pattern, most; end`)}`.execute(db);
  await sql`revoke all on function ${fn}(text, integer) from public`.execute(db);
}

/**
 * The ids of `table`'s rows (of the transaction's tenant) whose `column` matches the `ilike`
 * pattern, when there are at most `bound`; null when there are more.
 */
export async function idsMatching(
  trx: AnyTrx,
  table: string,
  column: string,
  pattern: string,
  bound: number,
): Promise<string[] | null> {
  // One row, and no ids at all when there are too many: a common part's 1,001 ids were rows to send
  // and parse for nothing.
  const { rows } = await sql<{ ids: string[] | null }>`
    select case when count(*) > ${bound} then null else coalesce(array_agg(id::text), '{}') end as ids
    from ${sql.id(containingFunction(table, column))}(${pattern}, ${bound + 1}) id`.execute(trx);
  return rows[0]?.ids ?? null;
}

/**
 * "Contains" on a column with few distinct values among many rows (a log's paths, accounts), through
 * its values: a part that one row in twenty holds made the list's bounded count read twenty rows for
 * each it counted (20,000 api log rows for 1,001, 8-11 ms; a trigram index is no help: the path's
 * common trigrams are in every row, 31-51 ms). The distinct values of the caller's rows are read by
 * skipping through a btree index of (value, tenant) or (tenant, value), one descent each, and those
 * containing the part are answered; the list then asks `column in (values)`, a plain equality the
 * planner may use an index for and estimate under the tenant policy (leakproof), so its count reads
 * 1,001 index entries. Like the ids search, a security definer function answering only values of
 * the caller's tenant's rows, and the list keeps its own query under the policy: it narrows, never
 * widens. A column with more than VALUES_UP_TO distinct values is left to the plain condition.
 */
export const VALUES_UP_TO = 1_000;
let valuesUpTo = VALUES_UP_TO;

/** For tests: a small VALUES_UP_TO, so the plain condition's turn is tested without a thousand values. */
export function setValuesUpTo(most: number): number {
  const previous = valuesUpTo;
  valuesUpTo = most;
  return previous;
}

/** The name of the function answering the distinct values of `table`'s `column` that contain a part. */
export const valuesFunction = (table: string, column: string) => `${table}_${column}_values`;

/** Creates the two indexes and the values function of one column (in a migration). */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped
export async function createValuesSearch(db: Kysely<any>, table: string, column: string): Promise<void> {
  // (value, tenant) serves the platform administrator's reads of every tenant, (tenant, value) a tenant's.
  await sql`create index ${sql.id(`${table}_${column}_tenant`)} on ${sql.table(table)} (${sql.ref(column)}, tenant_id)`.execute(
    db,
  );
  await sql`create index ${sql.id(`${table}_tenant_${column}`)} on ${sql.table(table)} (tenant_id, ${sql.ref(column)})`.execute(
    db,
  );
  const fn = sql.id(valuesFunction(table, column));
  // A loose index scan: each step one descent to the next greater value. `seen` stops it past `most`.
  const walk = (where: string) => `with recursive v(value, seen) as (
        select min(${column})::text, 1 from ${table} where ${where}
        union all
        select (select min(${column}) from ${table} where ${where} and ${column} > v.value), v.seen + 1
        from v where v.value is not null and v.seen <= most
      )
      select case when max(seen) > most then null
        else coalesce(array_agg(value) filter (where strpos(lower(value), part) > 0), '{}') end
      from v where value is not null`;
  // `part` comes lowercased; null when there are more than `most` distinct values.
  const body = `begin
      if coalesce(current_setting('app.all_tenants', true), '') = 'on' then
        return (${walk('true')});
      end if;
      return (${walk(`tenant_id = current_setting('app.tenant_id', true)`)});
    end`;
  await sql`create or replace function ${fn}(part text, most integer) returns text[]
    language plpgsql stable security definer set search_path from current
    as ${sql.lit(body)}`.execute(db);
  await sql`revoke all on function ${fn}(text, integer) from public`.execute(db);
}

/**
 * The distinct values of `table`'s `column` (in the caller's tenant's rows) that contain `part`
 * (already lowercased), or null when the column has more than `most` of them.
 */
export async function valuesContaining(
  trx: AnyTrx,
  table: string,
  column: string,
  part: string,
  most = valuesUpTo,
): Promise<string[] | null> {
  const { rows } = await sql<{ found: string[] | null }>`
    select ${sql.id(valuesFunction(table, column))}(${part}, ${most}) as found`.execute(trx);
  return rows[0]?.found ?? null;
}
