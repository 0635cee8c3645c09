import { z } from 'zod';
import { reportMessages as m } from './messages.ts';

/** Dataset, parameter and field names: identifiers, so that `:name` in SQL and `${name}` in text are plain. */
export const NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/;
const name = z.string().regex(NAME);
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const FORMATS = ['0', '0.00', '#,##0.00', '0%', 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm'] as const;
export const AGGREGATES = ['list', 'group', 'sum', 'count', 'avg', 'max', 'min'] as const;

export const cellStyle = z.object({
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
  color: colour.optional(),
  background: colour.optional(),
  fontSize: z.number().int().min(8).max(48).optional(),
  border: z.boolean().optional(),
});
export type CellStyle = z.infer<typeof cellStyle>;

const bind = z.object({
  dataset: name,
  field: name,
  expand: z.enum(['down', 'none']),
  aggregate: z.enum(AGGREGATES),
});

const templateCell = z.object({
  row: z.number().int().min(0).max(499),
  col: z.number().int().min(0).max(49),
  text: z.string().max(500).optional(),
  bind: bind.optional(),
  format: z.enum(FORMATS).optional(),
  style: cellStyle.optional(),
});
export type TemplateCell = z.infer<typeof templateCell>;

export const merge = z.object({
  row: z.number().int().min(0).max(499),
  col: z.number().int().min(0).max(49),
  rowSpan: z.number().int().min(1).max(500),
  colSpan: z.number().int().min(1).max(50),
});
export type Merge = z.infer<typeof merge>;

export const dataset = z.discriminatedUnion('kind', [
  z.object({ name, kind: z.literal('builtin'), builtin: z.string().max(64) }),
  z.object({ name, kind: z.literal('sql'), sql: z.string().trim().min(1).max(20_000) }),
]);
export type Dataset = z.infer<typeof dataset>;

export const reportParam = z.object({
  name,
  label: z.string().trim().min(1).max(50),
  type: z.enum(['date', 'number', 'text']),
  required: z.boolean(),
  default: z.string().max(200).optional(),
});
export type ReportParam = z.infer<typeof reportParam>;

const sheet = z.object({
  rows: z.number().int().min(1).max(500),
  cols: z.number().int().min(1).max(50),
  cells: z.array(templateCell).max(25_000),
  merges: z.array(merge).max(1000),
  colWidths: z.array(z.number().int().min(10).max(2000)).max(50).optional(),
});

type Issue = { key: string; params: Record<string, unknown> };

/** What zod's shapes cannot say: positions inside the sheet, no repeats, no overlaps, bound datasets declared. */
function problems(t: { sheet: z.infer<typeof sheet>; datasets: Dataset[]; params: ReportParam[] }): Issue[] {
  const found: Issue[] = [];
  const { rows, cols } = t.sheet;
  const seen = new Set<string>();
  for (const c of t.sheet.cells) {
    if (c.row >= rows || c.col >= cols) found.push({ key: m['report.template.cellOutside'], params: c });
    else if (seen.has(`${c.row}:${c.col}`)) found.push({ key: m['report.template.cellTwice'], params: c });
    seen.add(`${c.row}:${c.col}`);
  }
  const covered = new Set<string>();
  for (const g of t.sheet.merges) {
    if (g.row + g.rowSpan > rows || g.col + g.colSpan > cols) {
      found.push({ key: m['report.template.mergeOutside'], params: g });
      continue;
    }
    const area = [...Array(g.rowSpan).keys()].flatMap((r) =>
      [...Array(g.colSpan).keys()].map((c) => `${g.row + r}:${g.col + c}`),
    );
    // Without overlaps the areas add up to the sheet at most: the check stops at the first one.
    if (area.some((k) => covered.has(k))) {
      found.push({ key: m['report.template.mergeOverlap'], params: g });
      break;
    }
    for (const k of area) covered.add(k);
  }
  found.push(...repeated(t.datasets, m['report.template.datasetTwice']));
  found.push(...repeated(t.params, m['report.template.paramTwice']));
  const declared = new Set(t.datasets.map((d) => d.name));
  const bands = new Map<number, string>();
  for (const c of t.sheet.cells) {
    if (!c.bind) continue;
    if (!declared.has(c.bind.dataset)) {
      found.push({ key: m['report.template.unknownDataset'], params: { ...c, name: c.bind.dataset } });
    }
    if (c.bind.expand !== 'down') continue;
    const band = bands.get(c.row);
    if (band !== undefined && band !== c.bind.dataset) {
      found.push({ key: m['report.template.bandDatasets'], params: { row: c.row + 1 } });
    }
    bands.set(c.row, c.bind.dataset);
  }
  return found;
}

function repeated(items: { name: string }[], key: string): Issue[] {
  const names = items.map((i) => i.name);
  return [...new Set(names.filter((n, i) => names.indexOf(n) !== i))].map((n) => ({ key, params: { name: n } }));
}

/** A report template (docs/report-designer.md), bounded so that no template can make rendering costly. */
export const reportTemplate = z
  .object({
    version: z.literal(1),
    sheet,
    datasets: z.array(dataset).max(10),
    params: z.array(reportParam).max(20),
  })
  .superRefine((t, ctx) => {
    for (const p of problems(t)) ctx.addIssue({ code: 'custom', message: p.key, params: p.params, input: t });
  });
export type ReportTemplate = z.infer<typeof reportTemplate>;

/** The row of each band (a template row with a cell expanding down) and the dataset it runs over. */
export function bandsOf(template: ReportTemplate): Map<number, string> {
  const bands = new Map<number, string>();
  for (const c of template.sheet.cells) if (c.bind?.expand === 'down') bands.set(c.row, c.bind.dataset);
  return bands;
}
