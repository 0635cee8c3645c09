import type { IWorkbookData } from '@univerjs/presets';
import { describe, expect, it } from 'vitest';
import type { TemplateSheet } from '../src/api/report.ts';
import { cellName, parseCellName } from '../src/components/report/univer/address.ts';
import { cssColor } from '../src/components/report/univer/colors.ts';
import {
  bindOf,
  placeholder,
  SHEET_ID,
  sheetToWorkbook,
  workbookToSheet,
} from '../src/components/report/univer/template-sheet.ts';

/** A report of stock value by material type: title, header, a band, a total. */
const sheet: TemplateSheet = {
  rows: 4,
  cols: 3,
  cells: [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a parameter in a cell's text, as the template writes it
    { row: 0, col: 0, text: '库存价值 ${to}', style: { bold: true, align: 'center', fontSize: 16 } },
    { row: 1, col: 0, text: '物料类型', style: { background: '#eeeeee', border: true } },
    { row: 1, col: 2, text: 'Value', style: { color: '#1677ff', italic: true, align: 'right' } },
    { row: 2, col: 0, bind: { dataset: 'stock', field: 'type_name', expand: 'down', aggregate: 'group' } },
    {
      row: 2,
      col: 2,
      bind: { dataset: 'stock', field: 'value', expand: 'down', aggregate: 'sum' },
      format: '#,##0.00',
    },
    { row: 3, col: 0, text: '合计' },
    { row: 3, col: 2, bind: { dataset: 'stock', field: 'value', expand: 'none', aggregate: 'sum' }, format: '0.00' },
  ],
  merges: [{ row: 0, col: 0, rowSpan: 1, colSpan: 3 }],
  colWidths: [160, 100, 120],
};

const worksheet = (data: Partial<IWorkbookData>) => data.sheets?.[SHEET_ID] ?? {};

describe('the template sheet and the Univer workbook', () => {
  it('come back as they went: text, bindings, formats, styles, merges and widths', () => {
    expect(workbookToSheet(sheetToWorkbook(sheet, 'Stock'))).toEqual(sheet);
  });

  it('show a binding as a placeholder and keep it, with the format, in the cell’s custom field', () => {
    const cell = worksheet(sheetToWorkbook(sheet, 'Stock')).cellData?.[2]?.[2];
    expect(cell?.v).toBe('#{sum(stock.value)} ↓');
    expect(cell?.custom).toEqual({
      bind: { dataset: 'stock', field: 'value', expand: 'down', aggregate: 'sum' },
      format: '#,##0.00',
    });
    expect(placeholder({ dataset: 'm', field: 'name', expand: 'none', aggregate: 'list' })).toBe('#{m.name}');
  });

  it('give Univer its style codes and room to design beyond the template', () => {
    const ws = worksheet(sheetToWorkbook(sheet, 'Stock'));
    expect(ws.cellData?.[0]?.[0]?.s).toEqual({ bl: 1, ht: 2, fs: 16 });
    expect(ws.cellData?.[1]?.[0]?.s).toMatchObject({ bg: { rgb: '#eeeeee' }, bd: { t: { s: 1 }, l: { s: 1 } } });
    expect(ws.mergeData).toEqual([{ startRow: 0, startColumn: 0, endRow: 0, endColumn: 2 }]);
    expect(ws.rowCount).toBeGreaterThan(sheet.rows);
    expect(ws.columnCount).toBeGreaterThan(sheet.cols);
  });

  it('read what Univer writes: shared styles by id, rgb() colours, rich text, number formats', () => {
    const data: Partial<IWorkbookData> = {
      styles: { s1: { bl: 1, cl: { rgb: 'rgb(255, 0, 16)' }, bg: { rgb: '#AbC' }, n: { pattern: '0%' } } },
      sheetOrder: ['x'],
      sheets: {
        x: {
          cellData: {
            0: { 1: { v: 0.25, s: 's1' } },
            1: { 0: { p: { id: 'd', body: { dataStream: '多行\r\n' }, documentStyle: {} } } },
          },
          columnData: { 1: { w: 64.4 } },
          defaultColumnWidth: 88,
        },
      },
    };
    expect(workbookToSheet(data)).toEqual({
      rows: 2,
      cols: 2,
      cells: [
        { row: 0, col: 1, text: '0.25', format: '0%', style: { bold: true, color: '#ff0010', background: '#aabbcc' } },
        { row: 1, col: 0, text: '多行' },
      ],
      merges: [],
      colWidths: [88, 64],
    });
  });

  it('take the extent from text, bindings and merges; a styled cell alone counts only inside it', () => {
    const data: Partial<IWorkbookData> = {
      sheets: {
        [SHEET_ID]: {
          cellData: {
            0: { 0: { v: 'A' }, 1: { s: { bg: { rgb: '#ff0000' } } } },
            40: { 9: { s: { bl: 1 } } }, // a whole column made bold leaves such cells far below
          },
          mergeData: [
            { startRow: 2, startColumn: 0, endRow: 3, endColumn: 1 },
            { startRow: 5, startColumn: 5, endRow: 5, endColumn: 5 }, // one cell: no merge
          ],
        },
      },
    };
    const out = workbookToSheet(data);
    expect([out.rows, out.cols]).toEqual([4, 2]);
    expect(out.cells).toEqual([
      { row: 0, col: 0, text: 'A' },
      { row: 0, col: 1, style: { background: '#ff0000' } },
    ]);
    expect(out.merges).toEqual([{ row: 2, col: 0, rowSpan: 2, colSpan: 2 }]);
  });

  it('ignore what the template cannot hold: a malformed binding, an unknown format, a font too large', () => {
    expect(bindOf({ bind: { dataset: 'a', field: 'b', expand: 'right', aggregate: 'sum' } })).toBeUndefined();
    expect(bindOf({ bind: { dataset: 'a', field: 'b', expand: 'down', aggregate: 'median' } })).toBeUndefined();
    expect(bindOf(null)).toBeUndefined();
    const data: Partial<IWorkbookData> = {
      sheets: { s: { cellData: { 0: { 0: { v: 'x', s: { fs: 72, ht: 4, n: { pattern: '0.000' } } } } } } },
    };
    expect(workbookToSheet(data).cells).toEqual([{ row: 0, col: 0, text: 'x' }]);
  });

  it('start an empty workbook as one empty cell', () => {
    expect(workbookToSheet({})).toEqual({ rows: 1, cols: 1, cells: [], merges: [], colWidths: [100] });
  });
});

describe('cell names and colours', () => {
  it('name cells as a sheet does, and read the names back', () => {
    expect([cellName(0, 0), cellName(9, 25), cellName(2, 26), cellName(0, 701), cellName(0, 702)]).toEqual([
      'A1',
      'Z10',
      'AA3',
      'ZZ1',
      'AAA1',
    ]);
    expect(parseCellName(' b3 ')).toEqual({ row: 2, col: 1 });
    expect(parseCellName('AA10')).toEqual({ row: 9, col: 26 });
    for (const bad of ['', 'A0', '3B', 'A1:B2', 'ABCD1']) expect(parseCellName(bad), bad).toBeUndefined();
  });

  it('write colours as #rrggbb, and nothing for what is not one', () => {
    expect(cssColor('#1677FF')).toBe('#1677ff');
    expect(cssColor('rgba(0, 128, 255, 0.5)')).toBe('#0080ff');
    expect(cssColor('rgb(256, 0, 0)')).toBeUndefined();
    expect(cssColor('red')).toBeUndefined();
    expect(cssColor(null)).toBeUndefined();
  });
});
