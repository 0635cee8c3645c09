/**
 * The parts of a one-sheet SpreadsheetML workbook (.xlsx), as text: the fixed parts whole, the sheet
 * as a head, rows and a tail, so that its rows can be written as they are read. Strings are written
 * inline (no shared-string table to hold), and one style exists besides the default: dates.
 */

/** What a cell may hold. A Date is written as server time, the time the API's `yyyy-MM-dd HH:mm:ss` means. */
export type XlsxCell = string | number | boolean | Date | null | undefined;

/** A value read from the database as a cell: what is not a cell's kind is written as its text (bigint ids, say). */
export function cellOf(value: unknown): XlsxCell {
  if (value === null || value === undefined || value instanceof Date) return value;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

export const SHEET_PART = 'xl/worksheets/sheet1.xml';

/** The parts besides the sheet, by their path in the package; `styles` is the styles part (stylesXml). */
export function fixedParts(sheetName: string, styles = STYLES): [path: string, text: string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/>` +
        `<Override PartName="/${SHEET_PART}" ContentType="${TYPE}.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${TYPE}.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>` +
        `<sheet name="${xmlText(sheetTitle(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', styles],
  ];
}

// Style 0 is the default; style 1 shows a date and time.
const DATE_STYLE = 1;

/** Elements a sheet adds to the styles part: after the defaults, so its cell styles are numbered from 2. */
export interface ExtraStyles {
  fonts?: readonly string[];
  fills?: readonly string[];
  borders?: readonly string[];
  /** `<xf>` elements; their fontId, fillId and borderId count the defaults (1 font, 2 fills, 1 border) first. */
  cellXfs?: readonly string[];
}

/** The styles part: the default and date cell styles, and a sheet's own after them (a report's bold, fills, borders). */
export function stylesXml(extra: ExtraStyles = {}): string {
  const list = (name: string, first: string[], more: readonly string[] = []) =>
    `<${name} count="${first.length + more.length}">${first.join('')}${more.join('')}</${name}>`;
  return (
    `${XML}<styleSheet xmlns="${MAIN}">` +
    '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
    list('fonts', ['<font><sz val="11"/><name val="Calibri"/></font>'], extra.fonts) +
    list(
      'fills',
      ['<fill><patternFill patternType="none"/></fill>', '<fill><patternFill patternType="gray125"/></fill>'],
      extra.fills,
    ) +
    list('borders', ['<border><left/><right/><top/><bottom/><diagonal/></border>'], extra.borders) +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    list(
      'cellXfs',
      [
        '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>',
      ],
      extra.cellXfs,
    ) +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

const STYLES = stylesXml();

/** The sheet up to its first row: the columns' widths (in characters). */
export function sheetHead(widths: readonly number[]): string {
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  return `${XML}<worksheet xmlns="${MAIN}"><cols>${cols}</cols><sheetData>`;
}

export const SHEET_TAIL = '</sheetData></worksheet>';

/**
 * One row, numbered from 1. Empty cells are left out, unless `styles` gives them a style (a report's
 * bordered empty cell): `styles[i]` is the cell style of column i (stylesXml), dates keep theirs.
 */
export function rowXml(number: number, cells: readonly XlsxCell[], styles?: readonly (number | undefined)[]): string {
  let out = `<row r="${number}">`;
  const count = Math.max(cells.length, styles?.length ?? 0);
  for (let i = 0; i < count; i++) {
    out += cellXml(`${COLUMN_NAMES[i] ?? columnName(i)}${number}`, cells[i], styles?.[i]);
  }
  return `${out}</row>`;
}

function cellXml(ref: string, value: XlsxCell, style: number | undefined): string {
  const s = style ? ` s="${style}"` : '';
  if (value === null || value === undefined || value === '') return s ? `<c r="${ref}"${s}/>` : '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : `<c r="${ref}" s="${DATE_STYLE}"><v>${serialOf(value)}</v></c>`;
  }
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

const DAY_MS = 86_400_000;
const EPOCH_SERIAL = 25_569; // 1970-01-01 in Excel's 1900 date system

/** A moment as Excel's day number, read as the server's wall-clock time. */
function serialOf(at: Date): number {
  return (at.getTime() - at.getTimezoneOffset() * 60_000) / DAY_MS + EPOCH_SERIAL;
}

/** A, B, … Z, AA, AB, …: the column of a 0-based index. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const COLUMN_NAMES = Array.from({ length: 64 }, (_, i) => columnName(i));

// Characters XML 1.0 cannot carry at all (controls but tab and line ends, lone surrogates, U+FFFE/F): dropped.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML cannot carry, removed here
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);
}

/** A sheet's name as Excel allows it: at most 31 characters, none of : \ / ? * [ ]. */
function sheetTitle(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}
