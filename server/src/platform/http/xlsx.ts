import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { fixedParts, rowXml, SHEET_PART, SHEET_TAIL, sheetHead, type XlsxCell } from '../xlsx/sheet-xml.ts';
import { ZipStream } from '../xlsx/zip-stream.ts';
import { fileAnswers, type REFUSALS } from './envelope.ts';

/** A column of an export: its header (already translated) and width in characters. */
export interface XlsxColumn {
  header: string;
  width: number;
}

/** How long a download may wait for its client to take what is written before it is ended. */
export const XLSX_STALL_MS = 60_000;

/**
 * One sheet written while its rows are read: `batches` yields rows (one cell per column) a bounded
 * batch at a time, usually from one streamed query (platform/db/stream.ts); the next batch waits
 * while the client has not taken the last. Each batch becomes sheet XML and goes straight through
 * the compressor into the archive (platform/xlsx): memory stays one batch however many rows.
 *
 * The first batch is read before the stream is answered: its query applies every filter, so a
 * refused filter or a failing query answers its error (a 400 like the lists) instead of a download
 * cut short. A later failure can only end the download. A client that goes away, or takes nothing
 * for `stallMs`, ends it too: the batches are closed at once (`return`), so their query frees its
 * connection, and the log says why.
 */
export async function streamXlsx(
  sheetName: string,
  columns: readonly XlsxColumn[],
  batches: AsyncIterable<readonly (readonly XlsxCell[])[]>,
  log: FastifyBaseLogger,
  stallMs = XLSX_STALL_MS,
): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const out = new PassThrough();
  const zip = new ZipStream(out);
  for (const [path, text] of fixedParts(sheetName)) zip.addFile(path, text);
  const sheet = zip.openDeflated(SHEET_PART);
  let rows = 0;
  /** Whether to go on: false when the client is gone or stalled (the download ended, and said why). */
  const wait = async () => {
    // Let the compressor and the socket run: PGlite answers without a turn of the event loop, so
    // without this a whole export would pile up, uncompressed, before a byte left.
    await new Promise((resolve) => setImmediate(resolve));
    // A client gone mid-way is seen here at the latest (the compressor buffers before it pushes back).
    if (!out.destroyed && (!out.writableNeedDrain || (await drained(out, stallMs)))) return true;
    const why = out.destroyed ? 'the client closed the download' : `the client took nothing for ${stallMs / 1000} s`;
    log.warn(`export of ${sheetName} ended after ${rows} rows: ${why}`);
    out.destroy();
    await iterator.return?.();
    return false;
  };
  const write = async () => {
    const headers = columns.map((c) => c.header);
    await sheet.write(sheetHead(columns.map((c) => c.width)) + rowXml(1, headers));
    for (let batch = first; !batch.done; batch = await iterator.next()) {
      let xml = '';
      for (const row of batch.value) xml += rowXml(++rows + 1, row);
      await sheet.write(xml);
      if (!(await wait())) return;
    }
    await sheet.write(SHEET_TAIL);
    await sheet.close();
    zip.finish();
  };
  write().catch(async (error: unknown) => {
    log.error({ err: error }, `export of ${sheetName} failed after ${rows} rows`);
    out.destroy(error as Error);
    await iterator.return?.();
  });
  return out;
}

/** Whether the client took what was waiting (true), or went away or took nothing for `ms` (false). */
function drained(out: PassThrough, ms: number): Promise<boolean> {
  if (out.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      out.off('drain', onDrain).off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    const timer = setTimeout(() => done(false), ms);
    out.on('drain', onDrain).on('close', onClose);
  });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook download's answers for the API document (the stream is sent as it is: Fastify serializes no stream). */
export const xlsxAnswers = (summary: string, ...refusals: (keyof typeof REFUSALS)[]) =>
  fileAnswers(XLSX_TYPE, summary, ...refusals);

/** Answers a streamed workbook as a download. */
export function sendXlsx(reply: FastifyReply, fileName: string, stream: Readable): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(stream);
}
