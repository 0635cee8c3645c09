import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../platform/http/errors.ts';
import { isObjectKey } from '../../../platform/storage/object-store.ts';
import { resourceMessages as m } from '../messages.ts';
import { storesOf } from '../oss/stores.ts';
import { FILE_DOMAIN, receiveUpload } from './upload.ts';

const PREFIX = '/api/blade-resource/oss/endpoint';

/** Uploads per user and minute: a person attaches a few files; a script filling the disk is stopped. */
export const UPLOAD_LIMIT = { max: 30, windowMs: 60_000, perCaller: true } as const;
const TAGS = ['resource/oss-endpoint'];

// Shown in the page (an <img>); everything else is offered as a download.
const INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/avif']);

/**
 * `put-file` and `put-file-attach` (BladeX OssEndpoint): both store the file and record its attach row,
 * so both answer an attachId. `file/<tenant>/<name>` serves a stored file to anyone who has its link.
 */
export function registerOssEndpointRoutes(app: FastifyInstance): void {
  for (const route of ['put-file', 'put-file-attach']) {
    app.post(
      `${PREFIX}/${route}`,
      {
        config: { access: 'signedIn', rateLimit: UPLOAD_LIMIT },
        schema: { tags: TAGS, consumes: ['multipart/form-data'] },
      },
      async (request, reply) => reply.ok(await receiveUpload(app.platform, request)),
    );
  }

  // Public: an <img> sends no token. The 128-bit random name is the capability (see docs/decisions.md).
  app.withTypeProvider<ZodTypeProvider>().get(
    `${FILE_DOMAIN}/:tenant/:name`,
    {
      config: { access: 'public' },
      schema: { tags: TAGS, params: z.object({ tenant: z.string(), name: z.string() }) },
    },
    async (request, reply) => {
      const { tenant } = request.params;
      const key = `${tenant}/${request.params.name}`;
      // Read from the store the file was written to, whichever the tenant has enabled since.
      const found = isObjectKey(key) ? await (await storesOf(app.platform).forKey(tenant, key)).get(key) : null;
      if (!found) throw notFound(m['resource.file.notFound']);
      return reply
        .type(found.contentType)
        .headers({
          'content-length': found.size,
          'content-disposition': INLINE.has(found.contentType) ? 'inline' : 'attachment',
          // A stored HTML or SVG file must never run as a page of this origin.
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          // Names never change content; private and a day, so a removed file stops being served soon.
          'cache-control': 'private, max-age=86400',
        })
        .send(found.stream);
    },
  );
}
