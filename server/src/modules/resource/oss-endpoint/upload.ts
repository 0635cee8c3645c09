import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, tooLarge } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/register.ts';
import { fileExtension, newObjectKey } from '../../../platform/storage/object-store.ts';
import { insertAttach, uploadedSince } from '../attach/repository.ts';
import { resourceMessages as m } from '../messages.ts';
import { storesOf } from '../oss/stores.ts';

/** Where stored files are served; a file's link is this, a slash, and its key. */
export const FILE_DOMAIN = '/api/blade-resource/oss/endpoint/file';

/** Uploads per user and minute: a person attaches a few files; a script filling the disk is stopped. */
export const UPLOAD_LIMIT = { max: 30, windowMs: 60_000, perCaller: true } as const;

/** BladeX's BladeFile: what an upload answers. `name` is the object key. */
export interface BladeFile {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

/**
 * The `file` part of a multipart request, and the text fields sent before it; other file fields and
 * empty file inputs are read past.
 */
async function filePart(request: FastifyRequest): Promise<{ part: MultipartFile | null; fields: Map<string, string> }> {
  const fields = new Map<string, string>();
  if (!request.isMultipart()) return { part: null, fields };
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname === 'file' && part.filename) return { part, fields };
      part.file.resume();
    }
  } catch (error) {
    throw asUploadError(error);
  }
  return { part: null, fields };
}

/** Our own refusals stay; a broken body (busboy's plain errors, early close) is the client's 400. */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  return status && status !== 400 ? error : badRequest(m['resource.file.malformed']);
}

// Browsers may send a full path (C:\fakepath\x.png); control characters have no place in a name.
const cleanName = (fileName: string) =>
  (fileName.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255) || 'file';

const FILE_NAME = /^[^\\/\p{Cc}]{1,255}$/u;

/**
 * A file name a client chose (BladeX's by-name uploads): a plain name, kept as the attachment's
 * name and the download's; never a path (no slash, backslash, `.` or `..`) and no control characters.
 * Refused with 400 (`drop` lets the unread file go first).
 */
function checkFileName(fileName: string | undefined, drop?: () => void): string {
  const name = fileName?.trim() ?? '';
  if (FILE_NAME.test(name) && !/^\.+$/.test(name)) return name;
  drop?.();
  throw badRequest(name ? m['resource.fileName.invalid'] : m['resource.fileName.required']);
}

const cleanType = (mimetype: string) =>
  /^[\w.+-]{1,50}\/[\w.+-]{1,100}$/.test(mimetype) ? mimetype.toLowerCase() : 'application/octet-stream';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Refuses an upload once the caller's files of the last 24 hours reach the quota, before the body is
 * read. Counted from the attach rows (every stored file has one), so it holds across instances and
 * restarts; one file may pass the quota by at most the upload size limit.
 */
async function checkDailyQuota(platform: Platform, request: FastifyRequest): Promise<void> {
  const since = new Date(Date.now() - DAY_MS);
  const used = await request.inTenant((trx) => uploadedSince(trx, request.ctx.caller!, since));
  if (used >= platform.uploadDailyBytes)
    throw new AppError(429, m['resource.file.quota'], { max: Math.round(platform.uploadDailyBytes / 1024 / 1024) });
}

/**
 * Stores the request's `file` under a new key of the caller's tenant and records its attach row
 * (every upload has one, so every stored file can be found and removed from the attach screen).
 */
export async function receiveUpload(
  platform: Platform,
  request: FastifyRequest,
  options: { named?: boolean } = {},
): Promise<BladeFile> {
  const caller = request.ctx.caller!;
  const queried = (request.query as { fileName?: string } | undefined)?.fileName;
  // BladeX's by-name uploads: `fileName` (query, or a field before the file) is the name it is kept under.
  if (options.named && queried !== undefined) checkFileName(queried);
  await checkDailyQuota(platform, request);
  const { part, fields } = await filePart(request);
  if (!part) throw badRequest(m['resource.file.required']);
  const originalName = options.named
    ? checkFileName(queried ?? fields.get('fileName'), () => part.file.resume())
    : cleanName(part.filename);
  const key = newObjectKey(caller.tenantId, originalName);
  // The tenant's enabled store now; the attach row records which, for every later read and removal.
  const { store, ossId } = await storesOf(platform).forUpload(caller.tenantId);
  const refusal = () => tooLarge(m['resource.file.tooLarge'], { max: platform.uploadMaxBytes / 1024 / 1024 });
  // The parser cuts a file off at the limit and marks it truncated. Failing the stream then answers at
  // once instead of after the rest of a huge body; a cut made before we listened is caught after.
  part.file.once('limit', () => part.file.destroy(refusal()));
  let size: number;
  try {
    ({ size } = await store.put(part.file, key, cleanType(part.mimetype)));
  } catch (error) {
    throw part.file.errored === error ? asUploadError(error) : error;
  }
  if (part.file.truncated) {
    await store.remove(key);
    throw refusal();
  }
  const file = { link: `${FILE_DOMAIN}/${key}`, domain: FILE_DOMAIN, name: key, originalName };
  try {
    const attachId = await request.inTenant((trx) =>
      insertAttach(trx, caller, { ...file, extension: fileExtension(originalName), attachSize: size, ossId }),
    );
    return { ...file, attachId };
  } catch (error) {
    await store.remove(key);
    throw error;
  }
}

/** The bytes of the request's `file` (a photo to look at, not to keep), refused past the upload limit. */
export async function receiveFileBytes(platform: Platform, request: FastifyRequest): Promise<Buffer> {
  const { part } = await filePart(request);
  if (!part) throw badRequest(m['resource.file.required']);
  try {
    return await part.toBuffer();
  } catch (error) {
    if (part.file.truncated)
      throw tooLarge(m['resource.file.tooLarge'], { max: platform.uploadMaxBytes / 1024 / 1024 });
    throw asUploadError(error);
  }
}
