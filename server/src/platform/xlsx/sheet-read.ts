import { ZipReader } from './zip-read.ts';

/**
 * Reads the first sheet of a SpreadsheetML workbook (.xlsx) as rows of cell values: what an import
 * needs, no more (no styles, formulas as their cached values, no merged cells). The counterpart of
 * sheet-xml.ts, which writes them; together the one xlsx mechanism of the server.
 */

/** A cell as read: text, a number (dates are Excel day numbers: see `dateOfSerial`), a boolean or empty. */
export type SheetCell = string | number | boolean | null;

export interface SheetRow {
  /** The row's number in the sheet, from 1, as a spreadsheet program shows it. */
  number: number;
  cells: SheetCell[];
}

export interface SheetLimits {
  /** The largest a part of the workbook may inflate to (the sheet's XML, the shared strings). */
  maxPartBytes: number;
  /** Rows past this many (the header included) refuse the file. */
  maxRows: number;
}

/** More rows than the limit allows. */
export class SheetTooLongError extends Error {}

/** The archive is a ZIP but holds no worksheet. */
export class NotAWorkbookError extends Error {}

/** The rows of the workbook's first sheet, in sheet order, empty rows left out. */
export function readFirstSheet(data: Buffer, limits: SheetLimits): SheetRow[] {
  const zip = new ZipReader(data);
  const part = (name: string) => zip.read(name, limits.maxPartBytes)?.toString('utf8') ?? null;
  const sheetPath = firstSheetPath(part);
  const sheet = sheetPath ? part(sheetPath) : null;
  if (sheet === null) throw new NotAWorkbookError();
  const shared = sharedStrings(part('xl/sharedStrings.xml'));
  return sheetRows(sheet, shared, limits.maxRows);
}

/** The first sheet of the workbook, through its relationship; the usual path when they say nothing. */
function firstSheetPath(part: (name: string) => string | null): string | null {
  const workbook = part('xl/workbook.xml');
  const rels = part('xl/_rels/workbook.xml.rels');
  const sheet = workbook && /<(?:\w+:)?sheet\b([^>]*)>/.exec(workbook);
  const id = sheet && attribute(sheet[1] ?? '', 'r:id');
  if (id && rels) {
    for (const match of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
      if (attribute(match[1] ?? '', 'Id') !== id) continue;
      const target = attribute(match[1] ?? '', 'Target') ?? '';
      return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    }
  }
  return 'xl/worksheets/sheet1.xml';
}

function sharedStrings(xml: string | null): string[] {
  if (!xml) return [];
  return [...xml.matchAll(/<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g)].map((m) => richText(m[1] ?? ''));
}

/** The text of a string item: its runs' text, without the phonetic guides (`rPh`) East Asian text carries. */
function richText(xml: string): string {
  const plain = xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '');
  let text = '';
  for (const m of plain.matchAll(/<(?:\w+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g)) text += m[1] ?? '';
  return decodeText(text);
}

function sheetRows(xml: string, shared: string[], maxRows: number): SheetRow[] {
  const rows: SheetRow[] = [];
  let next = 1;
  for (const row of xml.matchAll(/<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g)) {
    const number = Number(attribute(row[1] ?? '', 'r')) || next;
    next = number + 1;
    const cells: SheetCell[] = [];
    let column = 0;
    for (const cell of (row[2] ?? '').matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
      const attrs = cell[1] ?? '';
      const ref = attribute(attrs, 'r');
      column = ref ? columnIndex(ref) : column;
      const value = cellValue(attribute(attrs, 't'), cell[2] ?? '', shared);
      if (value !== null) cells[column] = value;
      column++;
    }
    if (!cells.some((c) => c !== null && c !== undefined && c !== '')) continue;
    if (rows.length >= maxRows) throw new SheetTooLongError();
    rows.push({ number, cells: Array.from(cells, (c) => c ?? null) });
  }
  return rows;
}

function cellValue(type: string | null, inner: string, shared: string[]): SheetCell {
  if (type === 'inlineStr') {
    const is = /<(?:\w+:)?is\b[^>]*>([\s\S]*?)<\/(?:\w+:)?is>/.exec(inner);
    return is ? richText(is[1] ?? '') : null;
  }
  const v = /<(?:\w+:)?v\b[^>]*>([\s\S]*?)<\/(?:\w+:)?v>/.exec(inner);
  if (!v) return null;
  const raw = decodeText(v[1] ?? '');
  if (type === 's') return shared[Number(raw)] ?? null;
  if (type === 'b') return raw === '1' || raw === 'true';
  if (type === 'str' || type === 'e' || type === 'd') return raw;
  const number = Number(raw);
  return raw.trim() !== '' && Number.isFinite(number) ? number : raw;
}

/** A, B, ... from a cell reference (`AB12`): the 0-based column. */
function columnIndex(ref: string): number {
  let index = 0;
  for (const ch of ref.toUpperCase()) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return Math.max(0, index - 1);
}

function attribute(attrs: string, name: string): string | null {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?:^|\\s)${escaped}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return m ? decodeText(m[1] ?? m[2] ?? '') : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML entities and character references, then OOXML's `_xHHHH_` escapes of characters XML cannot hold. */
function decodeText(text: string): string {
  return text
    .replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
      if (name.startsWith('#x')) return safeChar(Number.parseInt(name.slice(2), 16)) ?? whole;
      if (name.startsWith('#')) return safeChar(Number.parseInt(name.slice(1), 10)) ?? whole;
      return ENTITIES[name] ?? whole;
    })
    .replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => safeChar(Number.parseInt(hex, 16)) ?? '');
}

function safeChar(code: number): string | null {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

const DAY_MS = 86_400_000;
const EPOCH_SERIAL = 25_569; // 1970-01-01 in Excel's 1900 date system

/** An Excel day number (a date cell) as `yyyy-MM-dd`, the day it shows; null for what is not one. */
export function dateOfSerial(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  return new Date(Math.round((serial - EPOCH_SERIAL) * DAY_MS)).toISOString().slice(0, 10);
}
