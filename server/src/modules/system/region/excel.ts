import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { streamQuery } from '../../../platform/db/stream.ts';
import { streamXlsx } from '../../../platform/http/xlsx.ts';
import {
  cellText,
  type ImportColumn,
  type ImportResult,
  type ImportRow,
  importMessages,
  RowProblems,
  xlsxColumns,
} from '../../../platform/http/xlsx-import.ts';
import { type Locale, translate } from '../../../platform/i18n/i18n.ts';
import type { AnyDb, TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import type { SheetCell } from '../../../platform/xlsx/sheet-read.ts';
import { regionMessages as m } from './messages.ts';
import {
  exportQuery,
  LEVELS,
  lockRegionTree,
  type RegionColumns,
  type RegionRow,
  regionsByCode,
  rewriteBelow,
  subtreeHeight,
  writeRegions,
} from './repository.ts';
import { type RegionInput, ROOT_CODE, regionInput } from './schema.ts';
import { placeUnder } from './service.ts';

/** BladeX's RegionExcel: the columns of the export, the template and the import, in this order. */
export const REGION_COLUMNS: readonly ImportColumn[] = [
  { field: 'code', header: m['region.excel.code'], required: true, width: 14 },
  { field: 'parentCode', header: m['region.excel.parentCode'], required: true, width: 14 },
  { field: 'ancestors', header: m['region.excel.ancestors'], width: 30 },
  { field: 'name', header: m['region.excel.name'], required: true, width: 20 },
  ...LEVELS.flatMap((l) => [
    { field: `${l}Code`, header: `region.excel.${l}Code`, width: 14 },
    { field: `${l}Name`, header: `region.excel.${l}Name`, width: 16 },
  ]),
  { field: 'regionLevel', header: m['region.excel.regionLevel'], width: 8 },
  { field: 'sort', header: m['region.excel.sort'], width: 8 },
  { field: 'remark', header: m['region.excel.remark'], width: 24 },
];

/** The most rows one import takes: every town of the country fits (about 40 000). */
export const REGION_IMPORT_ROWS = 60_000;

/** The regions a list with these filters shows, as a streamed workbook (BladeX `export-region`). */
export async function streamRegions(
  platform: { db: AnyDb; tenantDb: TenantDb },
  tenantId: string,
  query: Record<string, unknown>,
  locale: Locale,
  log: FastifyBaseLogger,
): Promise<Readable> {
  const batches = streamQuery(
    platform.db,
    platform.tenantDb,
    tenantId,
    (trx) => exportQuery(trx, query),
    (_trx, rows: RegionRow[]) =>
      rows.map((row) => REGION_COLUMNS.map((c) => row[c.field as keyof RegionRow] as SheetCell)),
    { onIdle: (message) => log.warn(message) },
  );
  return streamXlsx(translate(locale, m['region.excel.sheet']), xlsxColumns(REGION_COLUMNS, locale), batches, log);
}

/** A row as the region form would send it; the computed columns (ancestors, level, chain) are not read. */
function rowInput(row: ImportRow) {
  const v = row.values;
  const sort = v.sort === null || v.sort === undefined || v.sort === '' ? undefined : v.sort;
  return regionInput.safeParse({
    code: cellText(v.code) ?? '',
    parentCode: cellText(v.parentCode) ?? '',
    name: cellText(v.name) ?? '',
    sort,
    remark: cellText(v.remark) ?? null,
  });
}

/**
 * `import-region`: every row checked first (the form's rules, codes repeated in the file, parents in
 * the file or the table, no cycle, at most five levels), then written in one transaction, or nothing
 * when any row is refused. A code that exists is overwritten when `covered`, else left as it is
 * (skipped). Ancestors, level and chain columns are computed, as for the form, and the regions below
 * a moved or renamed one follow it.
 */
export async function importRegions(
  db: AnyDb,
  rows: readonly ImportRow[],
  covered: boolean,
  locale: Locale,
): Promise<ImportResult> {
  const problems = new RowProblems(locale, REGION_COLUMNS);
  const inputs = new Map<string, { row: number; input: RegionInput }>();
  for (const row of rows) {
    const parsed = rowInput(row);
    if (!parsed.success) {
      problems.addZod(row.number, parsed.error);
      continue;
    }
    const first = inputs.get(parsed.data.code);
    if (first) problems.add(row.number, importMessages['import.row.duplicate'], { first: first.row }, 'code');
    else inputs.set(parsed.data.code, { row: row.number, input: parsed.data });
  }
  return db.transaction().execute(async (trx) => {
    await lockRegionTree(trx);
    const existing = await regionsByCode(trx, [...inputs.keys()]);
    const applied = new Map([...inputs].filter(([code]) => covered || !existing.has(code)));
    const parentOf = (code: string) => applied.get(code)?.input.parentCode ?? ROOT_CODE;
    // Parents outside the file are read once; their level may still change with an ancestor the file moves.
    const outside = await regionsByCode(
      trx,
      [...applied.values()]
        .map((a) => a.input.parentCode ?? ROOT_CODE)
        .filter((c) => c !== ROOT_CODE && !applied.has(c)),
    );
    const levels = new Map<string, number | 'cycle' | 'missing'>();
    const levelOf = (code: string, seen: Set<string>): number | 'cycle' | 'missing' => {
      const known = levels.get(code);
      if (known !== undefined) return known;
      if (seen.has(code)) return 'cycle';
      seen.add(code);
      const parent = parentOf(code);
      let level: number | 'cycle' | 'missing';
      if (parent === ROOT_CODE) level = 1;
      else if (applied.has(parent)) {
        const above = levelOf(parent, seen);
        level = typeof above === 'number' ? above + 1 : above;
      } else {
        const row = outside.get(parent);
        level = row ? outsideLevel(row) + 1 : 'missing';
      }
      levels.set(code, level);
      return level;
    };
    /** A table row's level after the import: shifted as much as its nearest ancestor the file moves. */
    const outsideLevel = (row: RegionRow): number => {
      const chain = (row.ancestors ?? '').split(',').reverse();
      const moved = chain.find((c) => applied.has(c) && existing.has(c));
      if (!moved) return row.regionLevel ?? 1;
      const now = levelOf(moved, new Set());
      const before = existing.get(moved)?.regionLevel ?? 1;
      return typeof now === 'number' ? (row.regionLevel ?? 1) + now - before : (row.regionLevel ?? 1);
    };
    for (const [code, { row, input }] of applied) {
      const level = levelOf(code, new Set());
      if (level === 'cycle') problems.add(row, m['region.parent.cycle'], {}, 'parentCode');
      else if (level === 'missing') problems.add(row, m['region.parent.missing'], { parentCode: input.parentCode });
      else {
        const before = existing.get(code);
        const below = before && before.regionLevel !== level ? await subtreeHeight(trx, code) : 0;
        if (level + below > LEVELS.length) problems.add(row, m['region.level.tooDeep']);
      }
    }
    problems.refuse();

    // Parents first, so that each row's chain is computed from its parent's as it will be.
    const order = [...applied.keys()].sort((a, b) => (levels.get(a) as number) - (levels.get(b) as number));
    const placed = new Map<string, RegionColumns>();
    for (const code of order) {
      const { input } = applied.get(code)!;
      const parentCode = input.parentCode ?? ROOT_CODE;
      const parent = parentCode === ROOT_CODE ? null : (placed.get(parentCode) ?? outside.get(parentCode)!);
      const place = placeUnder(parent, code, input.name);
      placed.set(code, {
        ...place,
        code,
        parentCode,
        name: input.name,
        sort: input.sort ?? existing.get(code)?.sort ?? 0,
        remark: input.remark ?? null,
      });
    }
    await writeRegions(trx, [...placed.values()], 'overwrite');
    // What lies below a moved or renamed region and is not in the file follows it.
    for (const code of order) {
      const before = existing.get(code);
      const after = placed.get(code)!;
      if (before && (before.parentCode !== after.parentCode || before.name !== after.name)) {
        await rewriteBelow(trx, code);
      }
    }
    const updated = [...applied.keys()].filter((c) => existing.has(c)).length;
    return { inserted: applied.size - updated, updated, skipped: inputs.size - applied.size };
  });
}
