import { sql } from 'kysely';
import type { Page, PageQuery } from '../http/query.ts';
import { toPage } from '../http/query.ts';
import { acrossEach } from '../tenancy/across-databases.ts';
import type { AnyTrx, TenantDatabase, TenantDb } from '../tenancy/tenant-db.ts';
import { countUpTo, exactTotalUpTo, type PageSource, readPage } from './paging.ts';

/** One column of a list's order. */
export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
}

/** A PageSource whose order is given as terms (the last a unique column), so pages of several databases merge. */
export interface OrderedPageSource extends Omit<PageSource, 'order'> {
  order: OrderTerm[];
}

/** A page of rows from every database tenants are kept in; `unavailable` names the databases that did not answer. */
export type PageAcross<T> = Page<T> & { unavailable?: string[] };

type Rows = PageSource['rows'];
const ordered = (terms: OrderTerm[]) => (q: Rows) =>
  terms.reduce((o, t) => o.orderBy(sql.ref(t.column), t.direction), q);

/** The PageSource of one database. */
export const pageSourceOf = (source: OrderedPageSource): PageSource => ({ ...source, order: ordered(source.order) });

interface Heads {
  /** The first rows in order: their order values (`o0`…) and key (`k`). */
  heads: Record<string, unknown>[];
  /** The matching rows, counted up to the bound. */
  count: number;
  terms: OrderTerm[];
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

const INTEGER = /^-?\d+$/;

/** PostgreSQL's order of two values of one column, ascending (nulls last), for the types lists order by. */
function compareAscending(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  // int8 ids come as text (platform/db/database.ts)
  if (typeof a === 'string' && typeof b === 'string' && INTEGER.test(a) && INTEGER.test(b)) {
    const [x, y] = [BigInt(a), BigInt(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  // text in code-point order: the lists merged order by time and id, where collations do not matter
  const [x, y] = typeof a === typeof b ? [a, b] : [String(a), String(b)];
  return (x as string) < (y as string) ? -1 : (x as string) > (y as string) ? 1 : 0;
}

function compareHeads(terms: OrderTerm[], a: Record<string, unknown>, b: Record<string, unknown>): number {
  for (let i = 0; i < terms.length; i++) {
    const c = compareAscending(a[`o${i}`], b[`o${i}`]);
    if (c !== 0) return terms[i]!.direction === 'asc' ? c : -c;
  }
  return 0;
}

/**
 * The keys of each database's rows on the page: the databases' first rows merged by taking the
 * least head each time, so that the first N of the merge never change as more rows are read (a
 * page holds exactly the rows the one before it did not).
 */
function pageKeys(
  lists: Heads[],
  offset: number,
  size: number,
): Map<number, unknown[]> & { order: [number, unknown][] } {
  const terms = lists.find((l) => l.terms.length)?.terms ?? [];
  const at = lists.map(() => 0);
  const order: [number, unknown][] = [];
  for (let n = 0; n < offset + size; n++) {
    let best = -1;
    lists.forEach((list, i) => {
      const head = list.heads[at[i]!];
      if (head && (best < 0 || compareHeads(terms, head, lists[best]!.heads[at[best]!]!) < 0)) best = i;
    });
    if (best < 0) break;
    if (n >= offset) order.push([best, lists[best]!.heads[at[best]!]!.k]);
    at[best]!++;
  }
  const keys = new Map<number, unknown[]>();
  for (const [i, key] of order) keys.set(i, [...(keys.get(i) ?? []), key]);
  return Object.assign(keys, { order });
}

async function readHeads(trx: AnyTrx, source: OrderedPageSource, limit: number, bound: number): Promise<Heads> {
  const columns = source.order.map((t, i) => sql.ref(t.column).as(`o${i}`));
  const heads = (await ordered(source.order)(source.rows.select([...columns, sql.ref(source.key).as('k')]))
    .limit(limit)
    .execute()) as Record<string, unknown>[];
  const count = heads.length < limit ? heads.length : await countUpTo(trx, source.rows, bound);
  return { heads, count, terms: source.order };
}

/**
 * One page of a cross-tenant list over every database tenants are kept in (the platform
 * administrator's logs and sessions), in the list's order, with the totals summed. With no tenant
 * bound elsewhere it is `readPage` on the main database, no more. Otherwise each database reads its
 * first offset + size rows' order values and keys (not the rows), the keys are merged in order, and
 * each database then reads the rows of its keys on the page, in the same transaction. A bound
 * database that is down leaves its rows out and is named in `unavailable`.
 */
export async function readPageAcross<T>(
  tenantDb: TenantDb,
  build: (trx: AnyTrx, database: TenantDatabase) => OrderedPageSource | Promise<OrderedPageSource>,
  query: Pick<PageQuery, 'current' | 'size'>,
): Promise<PageAcross<T>> {
  const spread = await tenantDb.everyDatabase();
  if (spread.databases.length === 1 && !spread.down.length) {
    const [only] = spread.databases as [TenantDatabase];
    return only.inAllTenants(async (trx) => readPage<T>(pageSourceOf(await build(trx, only)), query));
  }
  const offset = (query.current - 1) * query.size;
  const bound = Math.max(exactTotalUpTo(), offset + 2 * query.size);
  const reads = spread.databases.map(() => deferred<Heads>());
  const chosen = deferred<Map<number, unknown[]>>();
  // A database that fails, before its work begins (its connection refused) or in it, settles its read:
  // the merge waits for every database's first read and never for one that failed.
  const failing = {
    down: spread.down,
    databases: spread.databases.map(
      (database, i): TenantDatabase => ({
        ...database,
        inAllTenants: (work) =>
          database.inAllTenants(work).catch((error: unknown) => {
            reads[i]!.reject(error);
            throw error;
          }),
      }),
    ),
  };
  const rows = acrossEach(failing, async (trx, database, i) => {
    const source = await build(trx, database);
    reads[i]!.resolve(await readHeads(trx, source, offset + query.size, bound));
    const keys = (await chosen.promise).get(i);
    if (!keys?.length) return [];
    return (await source
      .select(source.rows.where(sql.ref(source.key), 'in', keys))
      .select(sql.ref(source.key).as('__key'))
      .execute()) as Record<string, unknown>[];
  });
  const lists = (await Promise.allSettled(reads.map((r) => r.promise))).map((r) =>
    r.status === 'fulfilled' ? r.value : { heads: [], count: 0, terms: [] },
  );
  const keys = pageKeys(lists, offset, query.size);
  chosen.resolve(keys);
  const { results, down } = await rows;
  const byKey = new Map<string, Record<string, unknown>>();
  const answered = new Set<number>();
  for (const { database, value } of results) {
    const i = failing.databases.indexOf(database);
    answered.add(i);
    for (const { __key, ...row } of value) byKey.set(`${i}:${String(__key)}`, row);
  }
  // a row gone between the two reads (a session ended) is left out
  const records = keys.order.flatMap(([i, key]) => byKey.get(`${i}:${String(key)}`) ?? []) as T[];
  const counts = lists.filter((_, i) => answered.has(i)).map((l) => l.count);
  const capped = counts.some((n) => n > bound);
  const page = toPage(
    records,
    counts.reduce((sum, n) => sum + Math.min(n, bound), 0),
    query,
    capped,
  );
  return down.length ? { ...page, unavailable: down } : page;
}
