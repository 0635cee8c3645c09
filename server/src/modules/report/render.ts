import { add, compare, type Decimal, decimalText, divide, toDecimal } from './decimal.ts';
import { type Shown, show } from './formats.ts';
import { bandsOf, type CellStyle, type Merge, type ReportTemplate, type TemplateCell } from './template.ts';

export type FieldType = 'text' | 'number' | 'date';
export type DataRow = Record<string, unknown>;

/** What a dataset gave for one rendering: its fields and rows (`truncated` when it had more). */
export interface DatasetResult {
  fields: { name: string; type: FieldType }[];
  rows: DataRow[];
  truncated?: boolean;
}

export interface RenderedCell {
  row: number;
  col: number;
  text: string;
  style?: CellStyle;
  numeric?: boolean;
}

/** The answer of preview and what the exports draw (docs/report-designer.md). */
export interface RenderedGrid {
  rows: number;
  cols: number;
  cells: RenderedCell[];
  merges: Merge[];
  colWidths: number[];
  truncated: boolean;
}

export const MAX_ROWS = 10_000;
const DEFAULT_WIDTH = 100;

/** Where the output rows of one template row went: `count` rows from `start` (more for a band, 0 when cut off). */
interface Span {
  start: number;
  count: number;
}

/**
 * The template filled with the datasets' rows and the parameters (ureport's semantics, reduced): a
 * band row repeats per dataset row, or per group when it has `group` cells; cells outside bands show
 * totals or first values; merges repeat inside bands and stretch over them. Pure: no I/O.
 */
export function render(
  template: ReportTemplate,
  data: Record<string, DatasetResult>,
  params: Record<string, string>,
  maxRows = MAX_ROWS,
): RenderedGrid {
  const bands = bandsOf(template);
  const byRow = Map.groupBy(template.sheet.cells, (c) => c.row);
  const cells: RenderedCell[] = [];
  const spans: Span[] = [];
  let truncated = Object.values(data).some((d) => d.truncated);
  let next = 0;
  for (let r = 0; r < template.sheet.rows; r++) {
    const rowCells = byRow.get(r) ?? [];
    const band = bands.get(r);
    const groups = band === undefined ? [null] : groupsOf(rowCells, band, data[band]);
    const count = Math.min(groups.length, maxRows - next);
    if (count < groups.length) truncated = true;
    spans.push({ start: next, count });
    for (let i = 0; i < count; i++) {
      for (const c of rowCells) {
        const shown = cellValue(c, band, groups[i] ?? null, data, params);
        if (shown.text) cells.push(outputCell(c, next + i, shown));
      }
    }
    next += count;
  }
  const { cols, colWidths = [] } = template.sheet;
  return {
    rows: next,
    cols,
    cells,
    merges: mergesOf(template.sheet.merges, spans, bands),
    colWidths: Array.from({ length: cols }, (_, i) => colWidths[i] ?? DEFAULT_WIDTH),
    truncated,
  };
}

function outputCell(c: TemplateCell, row: number, shown: Shown): RenderedCell {
  return {
    row,
    col: c.col,
    text: shown.text,
    ...(c.style ? { style: c.style } : {}),
    ...(shown.numeric ? { numeric: true } : {}),
  };
}

/** The rows of each output row of a band: one group per distinct value of its group cells, or one per row. */
function groupsOf(rowCells: TemplateCell[], band: string, dataset: DatasetResult | undefined): DataRow[][] {
  const rows = dataset?.rows ?? [];
  // An empty dataset still shows the band once, with its static text, so the layout keeps its shape.
  if (rows.length === 0) return [[]];
  const keys = rowCells
    .filter((c) => c.bind?.dataset === band && c.bind.aggregate === 'group')
    .sort((a, b) => a.col - b.col)
    .map((c) => c.bind!.field);
  if (keys.length === 0) return rows.map((row) => [row]);
  const groups = Map.groupBy(rows, (row) => JSON.stringify(keys.map((k) => keyOf(row[k]))));
  return [...groups.values()];
}

const keyOf = (v: unknown) => (v instanceof Date ? v.getTime() : v === undefined ? null : v);

function cellValue(
  c: TemplateCell,
  band: string | undefined,
  group: DataRow[] | null,
  data: Record<string, DatasetResult>,
  params: Record<string, string>,
): Shown {
  if (!c.bind) return { text: fillParams(c.text ?? '', params), numeric: false };
  const { dataset, field, aggregate } = c.bind;
  const rows = dataset === band && group ? group : (data[dataset]?.rows ?? []);
  const numberField = data[dataset]?.fields.find((f) => f.name === field)?.type === 'number';
  const values = rows.map((r) => r[field]);
  switch (aggregate) {
    case 'list':
    case 'group':
      return show(values[0], c.format, numberField);
    case 'count':
      return show(rows.length, c.format, true);
    case 'sum':
      return show(sum(values), c.format, true);
    case 'avg': {
      const present = values.filter((v) => toDecimal(v) !== null);
      const average = present.length ? divide(toDecimal(sum(present))!, present.length) : null;
      return show(average && decimalText(average), c.format, true);
    }
    case 'max':
    case 'min':
      return show(extreme(values, aggregate === 'max' ? 1 : -1), c.format, numberField);
  }
}

/** `${name}` replaced by the parameter's value (an unknown name by nothing). */
export function fillParams(text: string, params: Record<string, string>): string {
  return text.replace(/\$\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (_, name: string) => params[name] ?? '');
}

/** The exact sum of the numeric values as decimal text; null when there are none. */
function sum(values: unknown[]): string | null {
  let total: Decimal | null = null;
  for (const v of values) {
    const d = toDecimal(v);
    if (d) total = total ? add(total, d) : d;
  }
  return total && decimalText(total);
}

/** The largest (sign 1) or smallest (-1) value: numbers exactly, dates by time, text by code point. */
function extreme(values: unknown[], sign: 1 | -1): unknown {
  let best: unknown = null;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    if (best === null || order(v, best) * sign > 0) best = v;
  }
  return best;
}

function order(a: unknown, b: unknown): number {
  const da = toDecimal(a);
  const db = toDecimal(b);
  if (da && db) return compare(da, db);
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Merges in the output: inside a band row once per output row; over several rows stretched with the bands. */
function mergesOf(merges: Merge[], spans: Span[], bands: Map<number, string>): Merge[] {
  const out: Merge[] = [];
  for (const m of merges) {
    const first = spans[m.row]!;
    if (m.rowSpan === 1 && bands.has(m.row)) {
      for (let i = 0; i < first.count; i++) out.push({ ...m, row: first.start + i });
      continue;
    }
    const last = spans[m.row + m.rowSpan - 1]!;
    const rowSpan = last.start + last.count - first.start;
    if (first.count > 0 && rowSpan > 0 && (rowSpan > 1 || m.colSpan > 1)) out.push({ ...m, row: first.start, rowSpan });
  }
  return out;
}
