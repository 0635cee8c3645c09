import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { optional } from '../../../platform/http/fields.ts';
import { markRemoved } from '../attach/repository.ts';
import { removeStoredObject } from '../attach/store.ts';
import { resourceMessages as m } from '../messages.ts';
import { storesOf } from '../oss/stores.ts';
import { objectName, storedFiles } from './object-names.ts';
import { FILE_DOMAIN, receiveUpload, UPLOAD_LIMIT } from './upload.ts';

const PREFIX = '/api/blade-resource/oss/endpoint';
const TAGS = ['resource/oss-endpoint'];

/** BladeX's BladeFile, as every upload answers it. */
export const bladeFileSchema = z.object({
  link: z.string().describe('where the file is served: the domain, a slash, the name'),
  domain: z.string(),
  name: z.string().describe('the stored name (`<tenant>/<32 hex>.<ext>`): what the other calls take as fileName'),
  originalName: z.string(),
  attachId: z.string(),
});

/** BladeX's OssFile, and the name the file was uploaded under. */
const ossFileSchema = z.object({
  link: z.string(),
  name: z.string(),
  originalName: z.string(),
  hash: z.string().nullable().describe("the service's ETag; null on the local disk"),
  length: z.number().int(),
  putTime: z.date(),
  contentType: z.string(),
});

const fileNameQuery = z.object({ fileName: objectName });
const fileNamesQuery = z.object({
  fileNames: z.string().max(25_000).describe('comma-separated stored names'),
});

/** The caller's one live stored file named by the request (404 otherwise). */
const storedFile = async (request: FastifyRequest, fileName: string) =>
  (await request.inTenant((trx) => storedFiles(trx, request.ctx.caller!, [fileName])))[0]!;

/**
 * The file calls of BladeX's OssEndpoint, on the files of the caller's tenant only (by the `name` an
 * upload answered): stat-file, file-path, file-link, remove-file(s), and the uploads by name.
 */
export function registerFileRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const route of ['put-file-by-name', 'put-file-attach-by-name']) {
    api.post(
      `${PREFIX}/${route}`,
      {
        config: { access: 'signedIn', rateLimit: UPLOAD_LIMIT },
        schema: {
          tags: TAGS,
          summary: 'Stores the file (multipart: file) under the name given (fileName), as put-file does',
          consumes: ['multipart/form-data'],
          querystring: z.object({
            fileName: optional(z.string().max(300)).describe('or a form field before the file'),
          }),
          response: answers(bladeFileSchema, 400, 413),
        },
      },
      async (request, reply) => reply.ok(await receiveUpload(app.platform, request, { named: true })),
    );
  }

  api.get(
    `${PREFIX}/stat-file`,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: "A stored file's size, type, time and hash (BladeX's OssFile)",
        querystring: fileNameQuery,
        response: answers(ossFileSchema, 400, 404),
      },
    },
    async (request, reply) => {
      const file = await storedFile(request, request.query.fileName);
      const store = await storesOf(app.platform).byId(file.tenantId, file.ossId);
      const stat = await store.stat(file.name);
      if (!stat) throw notFound(m['resource.objectName.notFound'], { fileName: file.name });
      return reply.ok({
        link: file.link,
        name: file.name,
        originalName: file.originalName,
        hash: stat.hash,
        length: stat.size,
        putTime: stat.lastModified,
        contentType: stat.contentType,
      });
    },
  );

  // BladeX: the path inside the bucket, and the bucket's own URL. Here files are served by this
  // server: the path is the link an upload answered, the link the same on the address the caller used.
  api.get(
    `${PREFIX}/file-path`,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: "A stored file's path on this server (the link an upload answered)",
        querystring: fileNameQuery,
        response: answers(z.string(), 400, 404),
      },
    },
    async (request, reply) => {
      const file = await storedFile(request, request.query.fileName);
      return reply.ok(`${FILE_DOMAIN}/${file.name}`);
    },
  );

  api.get(
    `${PREFIX}/file-link`,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: "A stored file's full URL, on the address the caller used",
        querystring: fileNameQuery,
        response: answers(z.string(), 400, 404),
      },
    },
    async (request, reply) => {
      const file = await storedFile(request, request.query.fileName);
      return reply.ok(`${request.protocol}://${request.host}${FILE_DOMAIN}/${file.name}`);
    },
  );

  const remove = async (request: FastifyRequest, names: string[]) => {
    const caller = request.ctx.caller!;
    // The rows go first, in one transaction: all or none; the objects after it commits.
    const files = await request.inTenant(async (trx) => {
      const found = await storedFiles(trx, caller, names);
      await markRemoved(
        trx,
        caller,
        found.map((f) => f.id),
      );
      return found;
    });
    const results = await Promise.allSettled(files.map((f) => removeStoredObject(storesOf(app.platform), f)));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  };

  // BladeX: administrators only; here those who may remove attachments (the same files).
  api.post(
    `${PREFIX}/remove-file`,
    {
      config: { access: { permission: 'attach_delete' }, audit: { title: 'remove stored file' } },
      schema: {
        tags: TAGS,
        summary: 'Removes a stored file and its attachment row',
        querystring: fileNameQuery,
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      await remove(request, [request.query.fileName]);
      return reply.ok(null);
    },
  );

  api.post(
    `${PREFIX}/remove-files`,
    {
      config: { access: { permission: 'attach_delete' }, audit: { title: 'remove stored files' } },
      schema: {
        tags: TAGS,
        summary: 'Removes stored files and their attachment rows, all or none',
        querystring: fileNamesQuery,
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const names = [...new Set(request.query.fileNames.split(',').map((n) => n.trim()))].filter(Boolean);
      await remove(request, names);
      return reply.ok(null);
    },
  );
}
