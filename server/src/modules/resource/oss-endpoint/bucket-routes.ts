import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { AppError, badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import { optional } from '../../../platform/http/fields.ts';
import { type BucketOps, isObjectKey } from '../../../platform/storage/object-store.ts';
import { resourceMessages as m } from '../messages.ts';
import { storesOf } from '../oss/stores.ts';
import { objectName, storedFiles } from './object-names.ts';

const PREFIX = '/api/blade-resource/oss/endpoint';
const TAGS = ['resource/oss-endpoint'];
// Those who configure the tenant's storage: buckets are made and filled on its service.
const STORAGE_ADMIN = { permission: ['oss_add', 'oss_edit'] } as const;

const bucketName = z.string().trim().max(63).describe("without the tenant prefix (BladeX's OssRule adds it)");

/**
 * BladeX's tenant rule (OssRule): a tenant's bucket `x` is `<tenant>-x` on the service, so a tenant
 * names, makes and removes its own buckets only. Checked against S3's naming rules.
 */
function tenantBucket(tenantId: string, name: string): string {
  const bucket = `${tenantId}-${name}`.toLowerCase();
  const valid = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) && !bucket.includes('..');
  if (!valid || name !== name.toLowerCase()) throw badRequest(m['resource.bucket.invalid']);
  return bucket;
}

/** The bucket calls of the tenant's enabled store; the local disk has none. */
async function bucketsOf(request: FastifyRequest): Promise<BucketOps> {
  const { store } = await storesOf(request.server.platform).forUpload(request.ctx.caller!.tenantId);
  if (!store.buckets) throw badRequest(m['resource.bucket.local']);
  return store.buckets;
}

/**
 * A refusal of the storage service as the caller's message (the SDK's errors carry the S3 code as
 * `name` and have `$metadata`); anything else as it is.
 */
export function serviceRefusal(bucket: string, error: unknown): unknown {
  if (error instanceof AppError || !(error as { $metadata?: unknown } | null)?.$metadata) return error;
  const code = (error as { name?: string }).name;
  if (code === 'NoSuchBucket') return notFound(m['resource.bucket.notFound'], { bucket });
  if (code === 'BucketNotEmpty') return conflict(m['resource.bucket.notEmpty'], { bucket });
  if (code === 'BucketAlreadyExists') return conflict(m['resource.bucket.taken'], { bucket });
  return badRequest(m['resource.bucket.failed'], { code });
}

async function onService<T>(bucket: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw serviceRefusal(bucket, error);
  }
}

/** make-bucket, remove-bucket and copy-file (BladeX OssEndpoint), on the tenant's enabled S3 service. */
export function registerBucketRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    `${PREFIX}/make-bucket`,
    {
      config: { access: STORAGE_ADMIN, audit: { title: 'make bucket' } },
      schema: {
        tags: TAGS,
        summary: 'Makes the bucket `<tenant>-<bucketName>` on the enabled storage service (none: made already)',
        querystring: z.object({ bucketName }),
        response: answers(z.null(), 400, 403, 409),
      },
    },
    async (request, reply) => {
      const bucket = tenantBucket(request.ctx.caller!.tenantId, request.query.bucketName);
      const buckets = await bucketsOf(request);
      await onService(bucket, () => buckets.make(bucket));
      return reply.ok(null, m['resource.bucket.made']);
    },
  );

  api.post(
    `${PREFIX}/remove-bucket`,
    {
      config: { access: { permission: 'oss_delete' }, audit: { title: 'remove bucket' } },
      schema: {
        tags: TAGS,
        summary: 'Removes the empty bucket `<tenant>-<bucketName>`, never the one the configuration uses',
        querystring: z.object({ bucketName }),
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const bucket = tenantBucket(request.ctx.caller!.tenantId, request.query.bucketName);
      const buckets = await bucketsOf(request);
      if (bucket === buckets.own) throw badRequest(m['resource.bucket.inUse'], { bucket });
      await onService(bucket, () => buckets.remove(bucket));
      return reply.ok(null, m['resource.bucket.removed']);
    },
  );

  api.post(
    `${PREFIX}/copy-file`,
    {
      config: { access: STORAGE_ADMIN, audit: { title: 'copy stored file' } },
      schema: {
        tags: TAGS,
        summary: "Copies a stored file into the tenant's bucket `<tenant>-<destBucketName>` on the enabled service",
        querystring: z.object({
          fileName: objectName,
          destBucketName: bucketName,
          destFileName: optional(objectName).describe('a stored name of the tenant; the same name when absent'),
        }),
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { fileName, destBucketName, destFileName } = request.query;
      const bucket = tenantBucket(caller.tenantId, destBucketName);
      const [file] = await request.inTenant((trx) => storedFiles(trx, caller, [fileName]));
      // The copy's name follows the key rule too: the tenant's own folder, no path of the client's.
      const target = destFileName ?? file!.name;
      if (!isObjectKey(target) || !target.startsWith(`${caller.tenantId}/`))
        throw badRequest(m['resource.objectName.invalid'], { fileName: target.slice(0, 80) });
      const buckets = await bucketsOf(request);
      const found = await (await storesOf(app.platform).byId(caller.tenantId, file!.ossId)).get(file!.name);
      if (!found) throw notFound(m['resource.objectName.notFound'], { fileName: file!.name });
      try {
        await onService(bucket, () => buckets.put(bucket, found.stream, target, found.contentType));
      } finally {
        found.stream.destroy();
      }
      return reply.ok(null);
    },
  );
}
