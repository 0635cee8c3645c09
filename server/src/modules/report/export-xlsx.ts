import { PassThrough, type Readable } from 'node:stream';
import { columnName, fixedParts, rowXml, SHEET_PART, sheetHead, type XlsxCell } from '../../platform/xlsx/sheet-xml.ts';
import { ZipStream } from '../../platform/xlsx/zip-stream.ts';
import type { RenderedGrid } from './render.ts';
import { sheetStyles } from './xlsx-styles.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const PLAIN_NUMBER = /^-?\d{1,15}(\.\d+)?$/;
// Excel's column width is in characters of about 7 px.
const PX_PER_CHAR = 7;

/** A rendered cell as the sheet holds it: a plain number as a number, any other text (formatted ones too) as shown. */
const cellOf = (text: string, numeric: boolean | undefined): XlsxCell =>
  numeric && PLAIN_NUMBER.test(text) ? Number(text) : text;

/**
 * The rendered report as a one-sheet workbook, written by the platform's streaming writer
 * (platform/xlsx) row by row, with the cells' styles and the merges after the rows as SpreadsheetML orders them.
 */
export function xlsxOf(sheetName: string, grid: RenderedGrid): Readable {
  const out = new PassThrough();
  const zip = new ZipStream(out);
  const styles = sheetStyles(grid.cells);
  for (const [path, text] of fixedParts(sheetName, styles.xml)) zip.addFile(path, text);
  const sheet = zip.openDeflated(SHEET_PART);
  const write = async () => {
    await sheet.write(sheetHead(grid.colWidths.map((px) => Math.max(1, Math.round(px / PX_PER_CHAR)))));
    const byRow = Map.groupBy(grid.cells, (c) => c.row);
    for (let r = 0; r < grid.rows; r++) {
      const cells: XlsxCell[] = Array.from({ length: grid.cols }, () => null);
      const ids: number[] = Array.from({ length: grid.cols }, () => 0);
      for (const c of byRow.get(r) ?? []) {
        cells[c.col] = cellOf(c.text, c.numeric);
        ids[c.col] = styles.idOf(c.style);
      }
      await sheet.write(rowXml(r + 1, cells, ids));
    }
    await sheet.write(`</sheetData>${mergeXml(grid)}</worksheet>`);
    await sheet.close();
    zip.finish();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

function mergeXml(grid: RenderedGrid): string {
  if (grid.merges.length === 0) return '';
  const ref = (row: number, col: number) => `${columnName(col)}${row + 1}`;
  const cells = grid.merges
    .map((m) => `<mergeCell ref="${ref(m.row, m.col)}:${ref(m.row + m.rowSpan - 1, m.col + m.colSpan - 1)}"/>`)
    .join('');
  return `<mergeCells count="${grid.merges.length}">${cells}</mergeCells>`;
}
