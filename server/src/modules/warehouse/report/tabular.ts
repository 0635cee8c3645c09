import { type RawBuilder, sql } from 'kysely';
import type { Row } from '../../../platform/crud/repository.ts';
import { type StreamOptions, streamQuery } from '../../../platform/db/stream.ts';
import { type Page, toPage } from '../../../platform/http/query.ts';
import { type Locale, translate } from '../../../platform/i18n/i18n.ts';
import type { AnyDb, AnyTrx, TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { cellOf, type XlsxCell } from '../../../platform/xlsx/sheet-xml.ts';
import { inSubtree } from '../subtree.ts';
import type { StockFilters } from './schema.ts';

/**
 * A column of a report: the row's field (its header is the message `warehouse.report.<field>`), its
 * width in the export, and whether it is a number or a key whose label is the message `labels + key`.
 */
export type ReportColumn = readonly [field: string, width: number, kind?: 'number' | { labels: string }];

/**
 * A paged, exportable report: its rows as one select in SQL, every filter applied, with a unique
 * text `sort_key` that orders them (pages by offset, exports by keyset: `sort_key > last`).
 */
export interface TabularReport<Q> {
  sheet: string;
  columns: readonly ReportColumn[];
  /** `locale` names what has no name of its own (the outbound of materials without a provider). */
  rows(tenantId: string, query: Q, locale: Locale): RawBuilder<Row>;
  /** Labels the rows need (dictionary units, states); also for the export. */
  decorate?(trx: AnyTrx, tenantId: string, rows: Row[]): Promise<Row[]>;
}

const strip = (rows: Row[]) => rows.map(({ sort_key: _, report_total: __, ...row }) => row);

/**
 * One page of a report, with its total, computed in the database in one query: the total is a
 * window over the rows the page is sorted from. Only a page past the end (no row to carry it)
 * counts them again.
 */
export async function reportPage<Q>(
  trx: AnyTrx,
  tenantId: string,
  report: TabularReport<Q>,
  query: Q & { current: number; size: number },
  locale: Locale,
): Promise<Page<Row>> {
  const rows = report.rows(tenantId, query, locale);
  const { rows: page } = await sql<Row>`
    select *, count(*) over () as report_total from (${rows}) r order by sort_key collate "C"
    limit ${query.size} offset ${(query.current - 1) * query.size}`.execute(trx);
  const total = page.length
    ? Number(page[0]!.report_total)
    : query.current > 1
      ? Number((await sql<{ total: string }>`select count(*) as total from (${rows}) r`.execute(trx)).rows[0]!.total)
      : 0;
  const records = strip(page);
  return toPage((await report.decorate?.(trx, tenantId, records)) ?? records, total, query);
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
    () => sql<Row>`select * from (${report.rows(tenantId, query, locale)}) r order by sort_key collate "C"`,
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
