import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodError, z } from 'zod';
import type { Access } from '../auth/access.ts';
import { defineMessages, LOCALES, type Locale, translate } from '../i18n/i18n.ts';
import { NotAWorkbookError, readFirstSheet, type SheetCell, SheetTooLongError } from '../xlsx/sheet-read.ts';
import { looksLikeZip, ZipFormatError, ZipTooLargeError } from '../xlsx/zip-read.ts';
import { answers, envelope } from './envelope.ts';
import { AppError, badRequest, tooLarge } from './errors.ts';
import { describeIssues, validationIssues } from './validation.ts';
import { sendXlsx, streamXlsx, type XlsxColumn, xlsxAnswers } from './xlsx.ts';

/**
 * Excel imports (BladeX's `import-*` endpoints: multipart `file` and `isCovered`): the upload read
 * whole within a size limit, its first sheet read by the server's own xlsx reader (platform/xlsx),
 * columns found by their headers in either language, and every row's problems gathered so that a
 * refused file names them all, by row number, in the caller's language. Nothing is written unless
 * every row passes: the modules write in one transaction after this.
 */

export const importMessages = defineMessages({
  'import.file.required': { 'zh-CN': '请选择要导入的 Excel 文件', 'en-US': 'Choose an Excel file to import' },
  'import.file.notXlsx': {
    'zh-CN': '只能导入 Excel 工作簿(.xlsx)',
    'en-US': 'Only Excel workbooks (.xlsx) can be imported',
  },
  'import.file.tooLarge': {
    'zh-CN': '导入文件不能超过 {max}',
    'en-US': 'An import file may be at most {max}',
  },
  'import.file.tooManyRows': {
    'zh-CN': '一次最多导入 {max} 行',
    'en-US': 'At most {max} rows can be imported at once',
  },
  'import.file.empty': { 'zh-CN': '文件中没有数据行', 'en-US': 'The file has no data rows' },
  'import.file.columnsMissing': {
    'zh-CN': '文件第一行缺少列: {columns}(请使用导入模板)',
    'en-US': 'The first row lacks the columns: {columns} (use the import template)',
  },
  'import.rows.refused': {
    'zh-CN': '导入未完成, 没有写入任何数据: {problems}',
    'en-US': 'Nothing was imported: {problems}',
  },
  'import.rows.more': { 'zh-CN': '(另有 {count} 处问题)', 'en-US': '({count} more problems)' },
  'import.row.problem': { 'zh-CN': '第 {row} 行: {message}', 'en-US': 'row {row}: {message}' },
  'import.row.field': { 'zh-CN': '{column}: {message}', 'en-US': '{column}: {message}' },
  'import.row.duplicate': {
    'zh-CN': '与第 {first} 行重复',
    'en-US': 'repeats row {first}',
  },
  'import.done': {
    'zh-CN': '导入完成: 新增 {inserted} 条, 更新 {updated} 条, 跳过 {skipped} 条',
    'en-US': 'Imported: {inserted} added, {updated} updated, {skipped} skipped',
  },
});
const m = importMessages;

/** A column of an import and export: the field it fills and its header's catalogue key. */
export interface ImportColumn {
  field: string;
  header: string;
  /** The column must be in the file (a file without it is refused before any row). */
  required?: boolean;
  width?: number;
}

/** One row of an imported sheet: its number in the sheet, and its cells by field. */
export interface ImportRow {
  number: number;
  values: Record<string, SheetCell>;
}

/** What an upload carried: the file's bytes and the form's text fields. */
export interface XlsxUpload {
  file: Buffer;
  fields: Record<string, string>;
}

export interface ImportLimits {
  /** The largest file, in bytes. */
  maxBytes: number;
  /** The most data rows. */
  maxRows: number;
}

/** `isCovered` as BladeX takes it, from the query or the form: 1 overwrites existing records, 0 (default) skips them. */
export const isCoveredSchema = z.coerce.number().int().min(0).max(1).default(0);
export const importQuery = z.object({ isCovered: z.union([z.literal(''), isCoveredSchema]).optional() });

/** The route's `isCovered`: the form's field when it has one, else the query's. */
export function isCovered(upload: XlsxUpload, query: { isCovered?: number | '' }): boolean {
  const value = upload.fields.isCovered ?? query.isCovered;
  const parsed = isCoveredSchema.safeParse(value === '' ? undefined : value);
  if (!parsed.success) throw badRequest('error.validation.field', { field: 'isCovered', problem: '0 | 1' });
  return parsed.data === 1;
}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The request's `file` part, read whole up to `maxBytes` (a larger one is refused as soon as it
 * passes the limit, unread beyond it), and its text fields. The file must be a workbook (.xlsx).
 */
export async function readXlsxUpload(request: FastifyRequest, maxBytes: number): Promise<XlsxUpload> {
  const upload: XlsxUpload = { file: Buffer.alloc(0), fields: {} };
  let found = false;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || !part.filename || found) {
          part.file.resume();
          continue;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file) {
          size += chunk.length;
          if (size > maxBytes) throw tooLarge(m['import.file.tooLarge'], { max: mib(maxBytes) });
          chunks.push(chunk as Buffer);
        }
        if (part.file.truncated) throw tooLarge(m['import.file.tooLarge'], { max: mib(maxBytes) });
        upload.file = Buffer.concat(chunks);
        found = true;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 413) throw tooLarge(m['import.file.tooLarge'], { max: mib(maxBytes) });
      throw status && status !== 400 ? error : badRequest('error.badRequest');
    }
  }
  if (!found || upload.file.length === 0) throw badRequest(m['import.file.required']);
  if (!looksLikeZip(upload.file)) throw badRequest(m['import.file.notXlsx']);
  return upload;
}

const headerText = (cell: SheetCell) => (cell === null ? '' : String(cell).trim().toLowerCase());

/**
 * The data rows of the workbook's first sheet by field: the first row names the columns (by their
 * header in either language, or the field's own name); columns it does not know are ignored.
 */
export function readImportRows(
  file: Buffer,
  columns: readonly ImportColumn[],
  limits: ImportLimits,
  locale: Locale,
): ImportRow[] {
  let rows: ReturnType<typeof readFirstSheet>;
  try {
    // the header row besides the data rows; parts may inflate to 64 bytes a cell of the allowed rows
    rows = readFirstSheet(file, { maxRows: limits.maxRows + 1, maxPartBytes: 64 * 1024 * 1024 });
  } catch (error) {
    if (error instanceof SheetTooLongError) throw badRequest(m['import.file.tooManyRows'], { max: limits.maxRows });
    if (error instanceof ZipTooLargeError) throw tooLarge(m['import.file.tooLarge'], { max: mib(limits.maxBytes) });
    if (error instanceof ZipFormatError || error instanceof NotAWorkbookError || error instanceof RangeError) {
      throw badRequest(m['import.file.notXlsx']);
    }
    throw error;
  }
  const [header, ...data] = rows;
  const names = new Map<string, string>();
  for (const column of columns) {
    names.set(column.field.toLowerCase(), column.field);
    for (const locale of LOCALES) names.set(translate(locale, column.header).toLowerCase(), column.field);
  }
  const positions = new Map<string, number>();
  header?.cells.forEach((cell, index) => {
    const field = names.get(headerText(cell));
    if (field && !positions.has(field)) positions.set(field, index);
  });
  const missing = columns.filter((c) => c.required && !positions.has(c.field));
  if (missing.length) {
    const list = missing.map((c) => translate(locale, c.header)).join(locale === 'zh-CN' ? '、' : ', ');
    throw badRequest(m['import.file.columnsMissing'], { columns: list });
  }
  if (data.length === 0) throw badRequest(m['import.file.empty']);
  return data.map((row) => ({
    number: row.number,
    values: Object.fromEntries([...positions].map(([field, index]) => [field, row.cells[index] ?? null])),
  }));
}

/** A cell as text for a text field: trimmed, a number as its digits; empty is undefined (not given). */
export function cellText(cell: SheetCell | undefined): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  const text = typeof cell === 'number' ? String(cell) : String(cell).trim();
  return text === '' ? undefined : text;
}

interface Problem {
  row: number;
  message: string;
}

/**
 * The problems of an import's rows, in the caller's language, each naming its row and column (by the
 * header the person sees). `refuse` throws them all as one 400, the problems listed in `data`.
 */
export class RowProblems {
  private readonly list: Problem[] = [];
  private readonly locale: Locale;
  private readonly headers: Map<string, string>;

  /** `aliases`: fields of the schema that a column of another name fills (a user's `roleId`: the role names). */
  constructor(locale: Locale, columns: readonly ImportColumn[], aliases: Record<string, string> = {}) {
    this.locale = locale;
    this.headers = new Map(columns.map((c) => [c.field, translate(locale, c.header)]));
    for (const [field, column] of Object.entries(aliases)) {
      const header = this.headers.get(column);
      if (header) this.headers.set(field, header);
    }
  }

  get count(): number {
    return this.list.length;
  }

  /** A problem of the row: a catalogue key and its values, optionally of one field. */
  add(row: number, key: string, params: Record<string, unknown> = {}, field?: string): void {
    const text = translate(this.locale, key, params);
    const message =
      field && this.headers.has(field)
        ? translate(this.locale, m['import.row.field'], { column: this.headers.get(field), message: text })
        : text;
    this.list.push({ row, message });
  }

  /** The problems a schema found in the row, each under its column's header. */
  addZod(row: number, error: ZodError): void {
    const issues = (validationIssues(error) ?? []).map((issue) => {
      const field = issue.path.split('.')[0] ?? '';
      return { ...issue, path: this.headers.get(field) ?? issue.path };
    });
    for (const p of describeIssues(this.locale, issues)) {
      const named = p.message.includes(p.field) || !p.field;
      const message = named
        ? p.message
        : translate(this.locale, m['import.row.field'], { column: p.field, message: p.message });
      this.list.push({ row, message });
    }
  }

  /** Throws every problem as one refusal when there is any. */
  refuse(): void {
    if (this.list.length === 0) return;
    const sorted = [...this.list].sort((a, b) => a.row - b.row);
    const lines = sorted.map((p) => translate(this.locale, m['import.row.problem'], { ...p }));
    const shown = lines.slice(0, SHOWN).join('; ');
    const more =
      lines.length > SHOWN ? ` ${translate(this.locale, m['import.rows.more'], { count: lines.length - SHOWN })}` : '';
    throw new AppError(400, m['import.rows.refused'], { problems: shown + more }, sorted.slice(0, LISTED));
  }
}

/** Problems the message names; `data` lists more, up to LISTED. */
const SHOWN = 10;
const LISTED = 1000;

/** How an import went, for its answer: BladeX answers only "操作成功"; the counts are added in `data`. */
export interface ImportResult {
  inserted: number;
  updated: number;
  skipped: number;
}

/** The answer of an import: the counts, and a message saying them. */
export function importDone(reply: FastifyReply, locale: Locale, result: ImportResult): FastifyReply {
  return reply.code(200).send(envelope(200, result, translate(locale, m['import.done'], { ...result })));
}

/** An export's columns as the workbook heads them, in the caller's language. */
export function xlsxColumns(columns: readonly ImportColumn[], locale: Locale): XlsxColumn[] {
  return columns.map((c) => ({ header: translate(locale, c.header), width: c.width ?? 16 }));
}

/** The import template: the columns' headers and no rows (BladeX `export-template`). */
export async function sendTemplate(
  reply: FastifyReply,
  log: FastifyBaseLogger,
  options: { sheet: string; fileName: string; columns: readonly ImportColumn[]; locale: Locale },
): Promise<FastifyReply> {
  const none = (async function* () {})();
  const stream = await streamXlsx(options.sheet, xlsxColumns(options.columns, options.locale), none, log);
  return sendXlsx(reply, options.fileName, stream);
}

/** The `data` of an import's answer, for its OpenAPI description. */
export const importResultSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});

/** The OpenAPI description of an import route (multipart `file`, `isCovered`). */
export function importRouteSchema(tags: string[], summary: string) {
  return {
    tags,
    summary,
    consumes: ['multipart/form-data'],
    querystring: importQuery,
    response: answers(importResultSchema, 400, 403, 413),
  };
}

/**
 * An import request read: the upload (at most `maxBytes`, and never more than any upload may carry),
 * its `isCovered`, and the first sheet's rows by column.
 */
export async function readImport(
  request: FastifyRequest,
  options: ImportLimits & { uploadMaxBytes: number; columns: readonly ImportColumn[] },
): Promise<{ rows: ImportRow[]; covered: boolean }> {
  const upload = await readXlsxUpload(request, Math.min(options.maxBytes, options.uploadMaxBytes));
  // the route's schema (importQuery) has read the query
  const covered = isCovered(upload, request.query as z.output<typeof importQuery>);
  return { rows: readImportRows(upload.file, options.columns, options, request.ctx.locale), covered };
}

/** `GET <url>`: the empty workbook an import takes (BladeX `export-template`), headed in the caller's language. */
export function registerTemplateRoute(
  app: FastifyInstance,
  url: string,
  options: {
    access: Access;
    tags: string[];
    sheet: string;
    fileName: string;
    columns: readonly ImportColumn[];
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    url,
    {
      config: { access: options.access },
      schema: {
        tags: options.tags,
        summary: 'The empty workbook its import takes',
        response: xlsxAnswers("an empty workbook with the import's headers", 403),
      },
    },
    async (request, reply) => {
      const { locale } = request.ctx;
      return sendTemplate(reply, request.log, { ...options, sheet: translate(locale, options.sheet), locale });
    },
  );
}
