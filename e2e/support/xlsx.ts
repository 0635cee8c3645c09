import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook of one sheet holding these rows (the first is the header), as a file input takes it. */
export async function workbookFile(name: string, rows: readonly (readonly unknown[])[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow([...row]);
  return { name, mimeType: XLSX_TYPE, buffer: Buffer.from(await book.xlsx.writeBuffer()) };
}

/** A downloaded workbook's first sheet, as rows of values. */
export async function downloadedRows(download: Download): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
