import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, fileAnswers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { optional } from '../../../platform/http/fields.ts';
import { isObjectKey } from '../../../platform/storage/object-store.ts';
import { originalNameByKey } from '../attach/repository.ts';
import { resourceMessages as m } from '../messages.ts';
import { storesOf } from '../oss/stores.ts';
import { registerBucketRoutes } from './bucket-routes.ts';
import { bladeFileSchema, registerFileRoutes } from './file-routes.ts';
import { contentDisposition, needsName, servedFile } from './served-file.ts';
import { FILE_DOMAIN, receiveUpload, UPLOAD_LIMIT } from './upload.ts';

export { UPLOAD_LIMIT } from './upload.ts';

const PREFIX = '/api/blade-resource/oss/endpoint';

const TAGS = ['resource/oss-endpoint'];

/**
 * `put-file` and `put-file-attach` (BladeX OssEndpoint): both store the file and record its attach row,
 * so both answer an attachId. `file/<tenant>/<name>` serves a stored file to anyone who has its link.
 */
export function registerOssEndpointRoutes(app: FastifyInstance): void {
  registerFileRoutes(app);
  registerBucketRoutes(app);
  for (const route of ['put-file', 'put-file-attach']) {
    app.post(
      `${PREFIX}/${route}`,
      {
        config: { access: 'signedIn', rateLimit: UPLOAD_LIMIT },
        schema: {
          tags: TAGS,
          summary: 'Stores the file (multipart: file) and records its attachment: its name, link and attachId',
          consumes: ['multipart/form-data'],
          response: answers(bladeFileSchema, 400, 413),
        },
      },
      async (request, reply) => reply.ok(await receiveUpload(app.platform, request)),
    );
  }

  // Public: an <img> sends no token. The 128-bit random name is the capability (see docs/decisions.md).
  // `?download=1` saves even an image or a PDF under its original name instead of showing it.
  app.withTypeProvider<ZodTypeProvider>().get(
    `${FILE_DOMAIN}/:tenant/:name`,
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'A stored file, to anyone with its link (download=1: as an attachment under its original name)',
        response: fileAnswers('application/octet-stream', 'the file, with its own content type', 400, 404),
        params: z.object({ tenant: z.string(), name: z.string() }),
        querystring: z.object({ download: optional(z.enum(['0', '1', 'true', 'false'])) }),
      },
    },
    async (request, reply) => {
      const { tenant } = request.params;
      const key = `${tenant}/${request.params.name}`;
      // Read from the store the file was written to, whichever the tenant has enabled since.
      const found = isObjectKey(key) ? await (await storesOf(app.platform).forKey(tenant, key)).get(key) : null;
      if (!found) throw notFound(m['resource.file.notFound']);
      const download = request.query.download === '1' || request.query.download === 'true';
      const served = servedFile(found.contentType, download);
      let fileName: string | null = null;
      try {
        // Images shown in pages skip the lookup: they are most of the reads and need no name.
        if (needsName(served))
          fileName = await app.platform.tenantDb.readInTenant(tenant, (trx) => originalNameByKey(trx, tenant, key));
      } catch (error) {
        found.stream.destroy();
        throw error;
      }
      return reply
        .type(served.contentType)
        .headers({
          'content-length': found.size,
          'content-disposition': contentDisposition(
            served.inline,
            needsName(served) ? (fileName ?? request.params.name) : null,
          ),
          // A stored HTML or SVG file must never run as a page of this origin.
          'x-content-type-options': 'nosniff',
          'content-security-policy': served.policy,
          // Names never change content; private and a day, so a removed file stops being served soon.
          'cache-control': 'private, max-age=86400',
        })
        .send(found.stream);
    },
  );
}
