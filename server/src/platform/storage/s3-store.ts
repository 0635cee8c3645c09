import { pipeline, Readable, Transform } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isObjectKey, type ObjectStore } from './object-store.ts';

/** Where and how to reach one bucket of an S3-compatible service. */
export interface S3Settings {
  /** `https://host[:port]` of the service (the bucket goes in the path or the host name). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (`endpoint/bucket/key`): MinIO; the clouds want the bucket in the host name. */
  forcePathStyle: boolean;
  /** Tries per request, the first included (the SDK's default is 3; a connection test wants 1). */
  maxAttempts?: number;
  /** Milliseconds to wait for a connection (a wrong address should not hold a request for minutes). */
  connectionTimeout?: number;
  /** Milliseconds a request may go without an answer. */
  requestTimeout?: number;
}

/** The smallest multipart part S3 accepts; parts are uploaded one at a time, so this bounds memory. */
const PART_SIZE = 5 * 1024 * 1024;

export interface S3Store extends ObjectStore {
  /** Closes the client's sockets (a replaced configuration). */
  destroy(): void;
}

export const isMissingObject = (error: unknown): boolean =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region || 'us-east-1',
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Since 3.729 the SDK sends CRC32 checksums by default, which MinIO's older releases, the
    // clouds' S3 gateways and s3rver refuse (aws/aws-sdk-js-v3#6810): only where an API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: settings.maxAttempts ?? 3,
    requestHandler: {
      connectionTimeout: settings.connectionTimeout ?? 10_000,
      requestTimeout: settings.requestTimeout ?? 120_000,
    },
  });
}

/**
 * Objects in one bucket of an S3-compatible service, under the same keys as on the local disk
 * (`<tenant>/<name>`). Uploads stream through lib-storage's Upload: a body larger than one part goes
 * as a multipart upload, one part in memory at a time, and a failed one is aborted.
 */
export function createS3Store(settings: S3Settings): S3Store {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;

  /** Streams a body into a bucket of this service (the store's own, or one of `buckets`). */
  async function putInto(
    bucket: string,
    body: Readable | Buffer,
    key: string,
    contentType: string,
  ): Promise<{ key: string; size: number }> {
    if (!isObjectKey(key)) throw new Error(`not an object key: ${key}`);
    let size = 0;
    let source: Readable | Buffer = body;
    if (Buffer.isBuffer(body)) size = body.length;
    else {
      // Counted on the way through; an error of the body (the upload limit) fails the counter too.
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      pipeline(body, counter, () => {});
      source = counter;
    }
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: source, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: 1,
    });
    try {
      await upload.done();
    } catch (error) {
      // The body's own error (the upload limit, a broken request) is the one callers recognise.
      throw body instanceof Readable && body.errored ? body.errored : error;
    }
    return { key, size };
  }

  return {
    put: (body, key, contentType) => putInto(Bucket, body, key, contentType),

    buckets: {
      own: Bucket,
      async make(name) {
        try {
          await client.send(new CreateBucketCommand({ Bucket: name }));
        } catch (error) {
          // Made before by these keys: BladeX makes a bucket only when it does not exist.
          if (!(error instanceof S3ServiceException && error.name === 'BucketAlreadyOwnedByYou')) throw error;
        }
      },
      async remove(name) {
        await client.send(new DeleteBucketCommand({ Bucket: name }));
      },
      async put(bucket, body, key, contentType) {
        await putInto(bucket, body, key, contentType);
      },
    },

    async get(key) {
      if (!isObjectKey(key)) return null;
      try {
        const found = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          stream: found.Body as Readable,
          size: found.ContentLength ?? 0,
          contentType: found.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async stat(key) {
      if (!isObjectKey(key)) return null;
      try {
        const found = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: found.ContentLength ?? 0,
          contentType: found.ContentType ?? 'application/octet-stream',
          lastModified: found.LastModified ?? new Date(0),
          hash: found.ETag?.replaceAll('"', '') ?? null,
        };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      if (!isObjectKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    destroy: () => client.destroy(),
  };
}
