import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { form } from './multipart.ts';
import type { TestApp } from './test-app.ts';

/** A workbook of one sheet holding these rows (the first is the header), as a spreadsheet program saves it. */
export async function workbook(rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** An xlsx answer's first sheet as rows of values (ExcelJS's reading), after checking it is one. */
export async function sheetRows(res: LightMyRequestResponse): Promise<unknown[][]> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A multipart upload of `file` (and the other text fields), as the import dialogs send it. */
export function upload(file: Buffer | string, name = 'import.xlsx', fields: Record<string, string> = {}) {
  return form({ ...fields, file: { bytes: typeof file === 'string' ? file : new Uint8Array(file), name } });
}

/** Posts a workbook to an import endpoint as its dialog does (`isCovered` as a form field when given). */
export function importerOf(t: TestApp, url: string) {
  return async (
    file: Buffer | string,
    options: { isCovered?: string; headers?: Record<string, string>; name?: string } = {},
  ) => {
    const fields: Record<string, string> = options.isCovered === undefined ? {} : { isCovered: options.isCovered };
    const { payload, headers } = await upload(file, options.name, fields);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...(options.headers ?? t.auth()), ...headers } });
  };
}
