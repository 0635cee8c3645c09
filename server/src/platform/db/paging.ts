import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { type Page, type PageQuery, toPage } from '../http/query.ts';
import type { AnyDb, AnyTrx } from '../tenancy/tenant-db.ts';

// biome-ignore lint/suspicious/noExplicitAny: pages of any table
type Rows = SelectQueryBuilder<any, any, any>;

/**
 * Totals are exact up to this many rows. Past it an exact count costs as much as reading every
 * matching row (a million-row ledger: 200-300 ms a page on PostgreSQL, whatever the page): the page
 * answers the bound with `totalCapped` ("1,000+"), and the bound grows with the page read, so a
 * next page is always offered. 1,000 rather than 10,000: counting 10,001 rows took 3-8 ms on the
 * embedded database, which runs one statement at a time, so ten clients waited ten times that.
 */
export const EXACT_TOTAL_UP_TO = 1_000;
let exactUpTo = EXACT_TOTAL_UP_TO;

/** The bound now (EXACT_TOTAL_UP_TO but in tests). */
export const exactTotalUpTo = () => exactUpTo;

/** For tests: a small bound, so capping is tested without ten thousand rows. Answers the previous one. */
export function setExactTotalUpTo(bound: number): number {
  const previous = exactUpTo;
  exactUpTo = bound;
  return previous;
}

/** How many rows `rows` (no selection yet) has, reading no more than `bound` + 1 of them. */
export async function countUpTo(db: AnyTrx | AnyDb, rows: Rows, bound: number): Promise<number> {
  const { rows: counted } = await sql<{ n: number }>`select ${countedUpTo(rows, bound)} as n`.execute(db);
  return counted[0]?.n ?? 0;
}

/** `countUpTo` as a scalar subquery, for a statement that reads several figures at once. */
export function countedUpTo(rows: Rows, bound: number): RawBuilder<number> {
  return sql<number>`(select count(*)::int from (${rows.select(sql.lit(1).as('one')).limit(bound + 1)}) bounded)`;
}

export interface PageSource {
  db: AnyTrx | AnyDb;
  /** The matching rows, joined as the page needs, without selection or order. */
  rows: Rows;
  /** The column that tells rows apart (`id`, `d.id`), by which a deep page finds its rows again. */
  key: string;
  /** Adds the answer's columns. */
  select(rows: Rows): Rows;
  /** Adds the order; it must end in a unique column, so a page holds the rows OFFSET reads there. */
  order(rows: Rows): Rows;
}

/**
 * One page of a list with a bounded total, for every list of the product. The total is exact when
 * the page tells it (a short page) or when it is at most the bound; past the bound it is the bound,
 * marked capped. The bound grows with the page so that a capped total always leaves a next page.
 *
 * Page 1 reads its rows, and counts up to the bound when it is full. A deeper page reads keys first
 * (`OFFSET` over the order's index alone, index-only where it covers the filter) and only then its
 * rows, so the rows skipped are never fetched whole; its keys read on to the bound, which tells the
 * total without a count (at page 480 a count would read all 4,800 rows again).
 */
export async function readPage<T>(source: PageSource, query: Pick<PageQuery, 'current' | 'size'>): Promise<Page<T>> {
  const { db, rows, key } = source;
  const offset = (query.current - 1) * query.size;
  const bound = Math.max(exactUpTo, offset + 2 * query.size);
  const ordered = (q: Rows) => source.order(source.select(q));
  if (offset === 0) {
    const records = (await ordered(rows).limit(query.size).execute()) as T[];
    if (records.length < query.size) return toPage(records, records.length, query);
    return totalOf(records, await countUpTo(db, rows, bound), bound, query);
  }
  const keys = (
    await source
      .order(rows.select(sql.ref(key).as('key')))
      .limit(bound - offset + 1)
      .offset(offset)
      .execute()
  ).map((r: { key: unknown }) => r.key);
  // Past the end: no row tells the total, so it is counted.
  if (!keys.length) return totalOf([], await countUpTo(db, rows, bound), bound, query);
  const pageKeys = keys.slice(0, query.size);
  const records = (await ordered(rows.where(sql.ref(key), 'in', pageKeys)).execute()) as T[];
  return totalOf(records, offset + keys.length, bound, query);
}

function totalOf<T>(records: T[], total: number, bound: number, query: Pick<PageQuery, 'current' | 'size'>): Page<T> {
  return total > bound ? toPage(records, bound, query, true) : toPage(records, total, query);
}
