import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/** A column of an export: its header (already translated) and width in characters. */
export interface XlsxColumn {
  header: string;
  width: number;
}

/**
 * One sheet written while its rows are read: `batches` yields rows (one cell per column) a bounded
 * batch at a time, each read however the caller likes (its own short transaction, so a slow
 * download holds no connection or lock); the next batch waits while the client has not taken the
 * last. Written with exceljs's streaming writer: memory stays flat however many rows.
 *
 * The first batch is read before the stream is answered: its query applies every filter, so a
 * refused filter or a failing query answers its error (a 400 like the lists) instead of a download
 * cut short. A later failure can only end the download.
 */
export async function streamXlsx(
  sheetName: string,
  columns: readonly XlsxColumn[],
  batches: AsyncIterable<readonly unknown[][]>,
  log: FastifyBaseLogger,
): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
  const write = async () => {
    for (let batch = first; !batch.done; batch = await iterator.next()) {
      for (const row of batch.value) sheet.addRow([...row]).commit();
      // Backpressure: wait until the client has read what is waiting.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    log.error({ err: error }, `export of ${sheetName} failed`);
    out.destroy(error as Error);
  });
  return out;
}

/** Answers a streamed workbook as a download. */
export function sendXlsx(reply: FastifyReply, fileName: string, stream: Readable): FastifyReply {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(stream);
}
