import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import { streamXlsx } from '../../src/platform/http/xlsx.ts';
import { columnName, type XlsxCell } from '../../src/platform/xlsx/sheet-xml.ts';

const log = { warn: () => {}, error: () => {} } as never;
const ZONE = process.env.TZ;

afterEach(() => {
  if (ZONE === undefined) delete process.env.TZ;
  else process.env.TZ = ZONE;
});

async function* batchesOf(rows: XlsxCell[][], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** The file a sheet of these rows makes, in batches of `size`. */
async function fileOf(rows: XlsxCell[][], size = 2, name = 'things') {
  const columns = [
    { header: 'Name', width: 20 },
    { header: 'Count', width: 8 },
    { header: 'At', width: 20 },
  ];
  return buffer(Readable.from(await streamXlsx(name, columns, batchesOf(rows, size), log)));
}

/** Rows as an independent reader (exceljs) reads the file, header first. */
async function rowsOf(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows, widths: sheet.columns.map((c) => c.width) };
}

describe('the streamed .xlsx writer', () => {
  it('writes text, numbers, booleans and dates that another reader reads back as they were', async () => {
    process.env.TZ = 'UTC';
    const at = new Date('2026-01-02T03:04:05Z');
    const text = ' <a & "b"> 仓库 \u{1F4E6} ';
    const file = await fileOf([
      [text, 2.5, at],
      ['line\nbreak', -3, null],
      [null, 0, undefined],
      ['true', true, new Date(Number.NaN)],
    ]);
    const { name, rows, widths } = await rowsOf(file);
    expect(name).toBe('things');
    expect(widths).toEqual([20, 8, 20]);
    expect(rows[0]).toEqual(['Name', 'Count', 'At']);
    expect(rows[1]).toEqual([text, 2.5, at]);
    expect(rows[2]).toEqual(['line\nbreak', -3]);
    expect(rows[3]).toEqual([undefined, 0]);
    expect(rows[4]).toEqual(['true', true]);
    expect(rows).toHaveLength(5);
  });

  it('is a ZIP whose every entry matches its CRC, whatever the batch size', async () => {
    const rows = Array.from({ length: 2500 }, (_, i): XlsxCell[] => [`row ${i}`, i, null]);
    for (const size of [1, 7, 2500]) {
      const file = await fileOf(rows, size);
      const zip = await JSZip.loadAsync(file, { checkCRC32: true });
      expect(Object.keys(zip.files).sort()).toEqual([
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ]);
      const read = await rowsOf(file);
      expect(read.rows).toHaveLength(2501);
      expect(read.rows[2500]).toEqual(['row 2499', 2499]);
    }
  });

  it('drops what XML cannot carry and gives the sheet a name Excel allows', async () => {
    const file = await fileOf([['a\u0000b\u0007c\uFFFE\uD800d', 1, null]], 2, 'in/out: [a]*?'.repeat(3));
    const { name, rows } = await rowsOf(file);
    expect(rows[1]).toEqual(['abcd', 1]);
    expect(name).toBe('in out   a   in out   a   in ou');
    expect(name).toHaveLength(31);
  });

  it("writes a moment as the server's wall-clock time, with a date format", async () => {
    process.env.TZ = 'Asia/Shanghai';
    const file = await fileOf([['a', 1, new Date('2026-01-02T00:00:00Z')]]);
    const sheet = await (await JSZip.loadAsync(file)).file('xl/worksheets/sheet1.xml')!.async('string');
    // 2026-01-02 is day 46024 of Excel's 1900 system; 08:00 in Shanghai is a third of it
    const serial = Number(/<c r="C2" s="1"><v>([\d.]+)<\/v>/.exec(sheet)?.[1]);
    expect(serial).toBeCloseTo(46024 + 1 / 3, 9);
  });

  it('names columns as Excel does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
