import { type RawBuilder, sql } from 'kysely';
import type { Row } from '../../../platform/crud/repository.ts';
import { type Page, toPage } from '../../../platform/http/query.ts';
import { type Locale, translate } from '../../../platform/i18n/i18n.ts';
import type { AnyTrx, TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { subtreeIds } from '../subtree.ts';
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

const strip = (rows: Row[]) => rows.map(({ sort_key: _, ...row }) => row);

/** One page of a report, with its total, computed in the database. */
export async function reportPage<Q>(
  trx: AnyTrx,
  tenantId: string,
  report: TabularReport<Q>,
  query: Q & { current: number; size: number },
  locale: Locale,
): Promise<Page<Row>> {
  const rows = report.rows(tenantId, query, locale);
  const { rows: counted } = await sql<{ total: string }>`select count(*) as total from (${rows}) r`.execute(trx);
  const { rows: page } = await sql<Row>`
    select * from (${rows}) r order by sort_key collate "C"
    limit ${query.size} offset ${(query.current - 1) * query.size}`.execute(trx);
  const records = strip(page);
  return toPage((await report.decorate?.(trx, tenantId, records)) ?? records, Number(counted[0]!.total), query);
}

const BATCH = 1000;

/** Every row of a report in batches of cells for an export, each batch read in its own short transaction. */
export async function* reportBatches<Q>(
  tenantDb: TenantDb,
  tenantId: string,
  report: TabularReport<Q>,
  query: Q,
  locale: Locale,
): AsyncIterable<unknown[][]> {
  const cell = (row: Row, [field, , kind]: ReportColumn) => {
    const value = row[field];
    if (value == null || !kind) return value;
    return kind === 'number' ? Number(value) : translate(locale, `${kind.labels}${value}`);
  };
  let after: string | null = null;
  for (;;) {
    const batch: Row[] = await tenantDb.inTenant(tenantId, async (trx) => {
      const { rows } = await sql<Row>`
        select * from (${report.rows(tenantId, query, locale)}) r
        where ${after === null ? sql`true` : sql`sort_key collate "C" > ${after}`}
        order by sort_key collate "C" limit ${BATCH}`.execute(trx);
      return (await report.decorate?.(trx, tenantId, rows)) ?? rows;
    });
    yield batch.map((row) => report.columns.map((column) => cell(row, column)));
    if (batch.length < BATCH) return;
    after = String(batch.at(-1)!.sort_key);
  }
}

/** The conditions of the stock filters, over the columns a report's query names them by. */
export function filterConditions(
  tenantId: string,
  q: StockFilters,
  cols: { device?: string; type: string; material: string; code: string; name: string },
): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (q.deviceId && cols.device) {
    conditions.push(sql`${sql.ref(cols.device)} in ${subtreeIds('wh_device', tenantId, q.deviceId)}`);
  }
  if (q.materialTypeId) {
    conditions.push(sql`${sql.ref(cols.type)} in ${subtreeIds('wh_material_type', tenantId, q.materialTypeId)}`);
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
