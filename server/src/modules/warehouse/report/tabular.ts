import { type RawBuilder, sql } from 'kysely';
import type { Row } from '../../../platform/crud/repository.ts';
import { exactTotalUpTo, readPage } from '../../../platform/db/paging.ts';
import { type StreamOptions, streamQuery } from '../../../platform/db/stream.ts';
import { type Page, toPage } from '../../../platform/http/query.ts';
import { type Locale, translate } from '../../../platform/i18n/i18n.ts';
import type { AnyDb, AnyTrx, TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { cellOf, type XlsxCell } from '../../../platform/xlsx/sheet-xml.ts';
import { inSubtree } from '../subtree.ts';
import type { Keep } from './kept.ts';
import type { StockFilters } from './schema.ts';

/**
 * A column of a report: the row's field (its header is the message `warehouse.report.<field>`), its
 * width in the export, and whether it is a number or a key whose label is the message `labels + key`.
 */
export type ReportColumn = readonly [field: string, width: number, kind?: 'number' | { labels: string }];

/** A column of a report's rows and its direction: how the rows are ordered. */
export type ReportOrder = readonly (readonly [column: string, direction: 'asc' | 'desc'])[];

/**
 * A paged, exportable report: its rows as one select in SQL, every filter applied, and their order,
 * whose last column tells the rows apart (pages read it first, see platform/db/paging.ts). Order
 * by columns an index holds in that order, so that a page is read from the index, not sorted.
 */
export interface TabularReport<Q> {
  sheet: string;
  columns: readonly ReportColumn[];
  /** `locale` names what has no name of its own (the outbound of materials without a provider). */
  rows(tenantId: string, query: Q, locale: Locale): RawBuilder<Row>;
  order: ReportOrder;
  /**
   * The rows are sums that no index holds in order (a period's flows by group): every page computes
   * them all, so a page and its total are read in one pass (a window count) rather than twice.
   */
  summed?: boolean;
  /** Labels the rows need (dictionary units, states); also for the export. */
  decorate?(trx: AnyTrx, tenantId: string, rows: Row[]): Promise<Row[]>;
}

const orderBy = (order: ReportOrder) =>
  sql.join(order.map(([column, direction]) => sql`${sql.ref(`r.${column}`)} ${sql.raw(direction)}`));

/** Pages of more rows than this are read each time, not kept (a screen asks for 10 to 50). */
const KEPT_PAGE_SIZE = 100;

/**
 * One page of a report with its bounded total and its labels, read as every list's page is, and kept
 * (`keep`) until the tenant's warehouse or its dictionaries change.
 */
export function reportPage<Q>(
  trx: AnyTrx,
  tenantId: string,
  report: TabularReport<Q>,
  query: Q & { current: number; size: number },
  locale: Locale,
  keep: Keep,
): Promise<Page<Row>> {
  const read = async () => {
    const page = await rowsOfPage(trx, tenantId, report, query, locale);
    return { ...page, records: (await report.decorate?.(trx, tenantId, page.records)) ?? page.records };
  };
  return query.size > KEPT_PAGE_SIZE ? read() : keep([report.sheet, locale, query, exactTotalUpTo()], read);
}

function rowsOfPage<Q>(
  trx: AnyTrx,
  tenantId: string,
  report: TabularReport<Q>,
  query: Q & { current: number; size: number },
  locale: Locale,
): Promise<Page<Row>> {
  return report.summed
    ? summedPage(trx, report.rows(tenantId, query, locale), report.order, query)
    : readPage<Row>(
        {
          db: trx,
          rows: trx.selectFrom(sql<Row>`(${report.rows(tenantId, query, locale)})`.as('r')),
          key: `r.${report.order.at(-1)![0]}`,
          select: (q) => q.selectAll(),
          order: (q) =>
            report.order.reduce((o, [column, direction]) => o.orderBy(sql.ref(`r.${column}`), direction), q),
        },
        query,
      );
}

/** A page of summed rows and their total in one statement; only a page past the end counts again. */
async function summedPage(
  trx: AnyTrx,
  rows: RawBuilder<Row>,
  order: ReportOrder,
  query: { current: number; size: number },
): Promise<Page<Row>> {
  const { rows: page } = await sql<Row>`
    select *, count(*) over () as report_total from (${rows}) r order by ${orderBy(order)}
    limit ${query.size} offset ${(query.current - 1) * query.size}`.execute(trx);
  const total = page.length
    ? Number(page[0]!.report_total)
    : query.current > 1
      ? Number((await sql<{ n: string }>`select count(*) as n from (${rows}) r`.execute(trx)).rows[0]!.n)
      : 0;
  return toPage(
    page.map(({ report_total: _, ...row }) => row),
    total,
    query,
  );
}

/**
 * Every row of a report as cells for an export, in the pages' order: one query, streamed (see
 * platform/db/stream.ts), whatever SQL `rows()` answers; each batch labelled as a page is.
 */
export function reportBatches<Q>(
  platform: { db: AnyDb; tenantDb: TenantDb },
  tenantId: string,
  report: TabularReport<Q>,
  query: Q,
  locale: Locale,
  options?: StreamOptions,
): AsyncIterable<XlsxCell[][]> {
  const cell = (row: Row, [field, , kind]: ReportColumn): XlsxCell => {
    const value = row[field];
    if (value == null || !kind) return cellOf(value);
    return kind === 'number' ? Number(value) : translate(locale, `${kind.labels}${value}`);
  };
  return streamQuery(
    platform.db,
    platform.tenantDb,
    tenantId,
    () => sql<Row>`select * from (${report.rows(tenantId, query, locale)}) r order by ${orderBy(report.order)}`,
    async (trx, rows) => {
      const labelled = (await report.decorate?.(trx, tenantId, rows)) ?? rows;
      return labelled.map((row) => report.columns.map((column) => cell(row, column)));
    },
    options,
  );
}

/** The conditions of the stock filters, over the columns a report's query names them by. */
export function filterConditions(
  tenantId: string,
  q: StockFilters,
  cols: { device?: string; type: string; material: string; code: string; name: string },
): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (q.deviceId && cols.device) {
    conditions.push(inSubtree('wh_device', tenantId, q.deviceId, cols.device));
  }
  if (q.materialTypeId) {
    conditions.push(inSubtree('wh_material_type', tenantId, q.materialTypeId, cols.type));
  }
  if (q.materialCodeId) conditions.push(sql`${sql.ref(cols.material)} = ${q.materialCodeId}`);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${sql.ref(cols.code)} ilike ${like} or ${sql.ref(cols.name)} ilike ${like})`);
  }
  return conditions;
}

/** `and` of conditions (true when there are none). */
export const allOf = (conditions: RawBuilder<unknown>[]) =>
  conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
