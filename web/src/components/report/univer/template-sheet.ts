import type { ICellData, IStyleData, IWorkbookData, IWorksheetData, Nullable } from '@univerjs/presets';
import {
  AGGREGATES,
  type CellBind,
  type CellStyle,
  FORMATS,
  type Merge,
  type TemplateCell,
  type TemplateSheet,
} from '../../../api/report.ts';
import { cssColor } from './colors.ts';

// The template's sheet and the Univer workbook the designer edits, both ways, without Univer itself
// (types only): the layout is Univer's (text, styles, merges, widths); a cell's binding and format
// ride in its `custom` field, which Univer keeps and never draws.

export const SHEET_ID = 'report';
/** Univer's width of a column the template does not size (the server's default too). */
export const DEFAULT_WIDTH = 100;
/** Room to design beyond the template's own extent. */
const SPARE_ROWS = 30;
const SPARE_COLS = 10;

/** What a cell's `custom` holds. */
export interface CellMeta {
  bind?: CellBind;
  format?: string;
}

/** The text a bound cell shows in the designer: `#{ds.field}`, `#{sum(ds.field)}`, ↓ when it expands. */
export function placeholder(bind: CellBind): string {
  const name = `${bind.dataset}.${bind.field}`;
  const shown = bind.aggregate === 'list' ? name : `${bind.aggregate}(${name})`;
  return `#{${shown}}${bind.expand === 'down' ? ' ↓' : ''}`;
}

/** A binding read back from a cell's `custom`: nothing unless it has the template's shape. */
export function bindOf(custom: unknown): CellBind | undefined {
  const bind = (custom as CellMeta | null | undefined)?.bind;
  if (!bind || typeof bind.dataset !== 'string' || typeof bind.field !== 'string') return undefined;
  if (bind.expand !== 'down' && bind.expand !== 'none') return undefined;
  if (!AGGREGATES.includes(bind.aggregate)) return undefined;
  return { dataset: bind.dataset, field: bind.field, expand: bind.expand, aggregate: bind.aggregate };
}

const isFormat = (f: unknown): f is string => (FORMATS as readonly unknown[]).includes(f);
const ALIGN = { 1: 'left', 2: 'center', 3: 'right' } as const; // Univer's HorizontalAlign
const ALIGN_OF = { left: 1, center: 2, right: 3 } as const;
const BORDER_SIDES = ['t', 'r', 'b', 'l'] as const;

/** A Univer style as the template's: what the template cannot hold is left out. */
export function styleOf(s: Nullable<IStyleData>): CellStyle | undefined {
  if (!s) return undefined;
  const style: CellStyle = {};
  if (s.bl === 1) style.bold = true;
  if (s.it === 1) style.italic = true;
  const align = s.ht ? ALIGN[s.ht as keyof typeof ALIGN] : undefined;
  if (align) style.align = align;
  const color = cssColor(s.cl?.rgb);
  if (color) style.color = color;
  const background = cssColor(s.bg?.rgb);
  if (background) style.background = background;
  if (typeof s.fs === 'number' && s.fs >= 8 && s.fs <= 48) style.fontSize = Math.round(s.fs);
  if (BORDER_SIDES.some((side) => (s.bd?.[side]?.s ?? 0) > 0)) style.border = true;
  return Object.keys(style).length ? style : undefined;
}

/** The template's style as Univer's (a border is a thin black line on every side). */
export function univerStyle(style: CellStyle): IStyleData {
  const s: IStyleData = {};
  if (style.bold) s.bl = 1;
  if (style.italic) s.it = 1;
  if (style.align) s.ht = ALIGN_OF[style.align];
  if (style.color) s.cl = { rgb: style.color };
  if (style.background) s.bg = { rgb: style.background };
  if (style.fontSize) s.fs = style.fontSize;
  if (style.border) s.bd = Object.fromEntries(BORDER_SIDES.map((side) => [side, { s: 1, cl: { rgb: '#000000' } }]));
  return s;
}

/** A cell's text: its value, or the text of its rich-text body (without the paragraph's end). */
function textOf(cell: ICellData): string | undefined {
  if (cell.v !== undefined && cell.v !== null && cell.v !== '') return String(cell.v);
  const stream = cell.p?.body?.dataStream?.replace(/\r?\n$/, '').replace(/\r$/, '');
  return stream || undefined;
}

/** One cell of the workbook as the template's (a bound cell's placeholder is no text). */
function templateCell(row: number, col: number, cell: ICellData, styles: IWorkbookData['styles']): TemplateCell {
  const out: TemplateCell = { row, col };
  const bind = bindOf(cell.custom);
  const raw = typeof cell.s === 'string' ? styles[cell.s] : cell.s;
  const format = (cell.custom as CellMeta | null | undefined)?.format ?? raw?.n?.pattern;
  const text = bind ? undefined : textOf(cell);
  const style = styleOf(raw);
  if (text !== undefined) out.text = text;
  if (bind) out.bind = bind;
  if (isFormat(format)) out.format = format;
  if (style) out.style = style;
  return out;
}

const worksheetOf = (data: Partial<IWorkbookData>): Partial<IWorksheetData> => {
  const sheets = data.sheets ?? {};
  const id = data.sheetOrder?.[0] ?? Object.keys(sheets)[0];
  return (id && sheets[id]) || {};
};

/**
 * The template's sheet from a workbook's snapshot (its first sheet): the extent is what has text,
 * a binding or a merge; a cell with a style alone counts inside it (a coloured gap), not beyond it.
 */
export function workbookToSheet(data: Partial<IWorkbookData>): TemplateSheet {
  const sheet = worksheetOf(data);
  const all: TemplateCell[] = [];
  for (const [r, cols] of Object.entries(sheet.cellData ?? {}))
    for (const [c, cell] of Object.entries(cols ?? {}))
      if (cell) all.push(templateCell(Number(r), Number(c), cell, data.styles ?? {}));
  const merges: Merge[] = (sheet.mergeData ?? [])
    .map((m) => ({
      row: m.startRow,
      col: m.startColumn,
      rowSpan: m.endRow - m.startRow + 1,
      colSpan: m.endColumn - m.startColumn + 1,
    }))
    .filter((m) => m.rowSpan > 1 || m.colSpan > 1);
  const content = all.filter((c) => c.text !== undefined || c.bind);
  const rows = Math.max(1, ...content.map((c) => c.row + 1), ...merges.map((m) => m.row + m.rowSpan));
  const cols = Math.max(1, ...content.map((c) => c.col + 1), ...merges.map((m) => m.col + m.colSpan));
  const cells = all
    .filter((c) => c.row < rows && c.col < cols && (c.text !== undefined || c.bind || c.style || c.format))
    .sort((a, b) => a.row - b.row || a.col - b.col);
  const width = sheet.defaultColumnWidth ?? DEFAULT_WIDTH;
  const colWidths = Array.from({ length: cols }, (_, c) => Math.round(sheet.columnData?.[c]?.w ?? width));
  return { rows, cols, cells, merges, colWidths };
}

/** The workbook the designer opens on a template's sheet, with room around it to design more. */
export function sheetToWorkbook(sheet: TemplateSheet, name: string): Partial<IWorkbookData> {
  const cellData: Record<number, Record<number, ICellData>> = {};
  for (const cell of sheet.cells) {
    const data: ICellData = {};
    if (cell.bind) data.v = placeholder(cell.bind);
    else if (cell.text !== undefined) data.v = cell.text;
    if (cell.style) data.s = univerStyle(cell.style);
    const meta: CellMeta = {};
    if (cell.bind) meta.bind = cell.bind;
    if (cell.format) meta.format = cell.format;
    if (cell.bind || cell.format) data.custom = meta;
    cellData[cell.row] = { ...cellData[cell.row], [cell.col]: data };
  }
  const worksheet: Partial<IWorksheetData> = {
    id: SHEET_ID,
    name,
    rowCount: sheet.rows + SPARE_ROWS,
    columnCount: sheet.cols + SPARE_COLS,
    defaultColumnWidth: DEFAULT_WIDTH,
    cellData,
    mergeData: sheet.merges.map((m) => ({
      startRow: m.row,
      startColumn: m.col,
      endRow: m.row + m.rowSpan - 1,
      endColumn: m.col + m.colSpan - 1,
    })),
    columnData: Object.fromEntries((sheet.colWidths ?? []).map((w, c) => [c, { w }])),
  };
  return { id: 'report-designer', name, styles: {}, sheetOrder: [SHEET_ID], sheets: { [SHEET_ID]: worksheet } };
}
