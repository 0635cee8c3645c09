import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored object as a reader gets it. */
export interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string;
}

/** What a store tells of an object without reading it (BladeX's OssFile). */
export interface ObjectStat {
  size: number;
  contentType: string;
  lastModified: Date;
  /** The service's ETag (an S3 store); null where the store keeps none (the local disk). */
  hash: string | null;
}

/**
 * The other buckets of a store's service (an S3 store's; the local disk has none), under the same
 * credentials: BladeX's make-bucket, remove-bucket and copy-file. Bucket names are the caller's to check.
 */
export interface BucketOps {
  /** The bucket the store itself writes to. */
  own: string;
  /** Makes the bucket; one these keys already own is no error. */
  make(name: string): Promise<void>;
  /** Removes an empty bucket (the service refuses one holding objects). */
  remove(name: string): Promise<void>;
  /** Writes an object into another bucket of the service. */
  put(bucket: string, body: Readable | Buffer, key: string, contentType: string): Promise<void>;
}

/**
 * Where uploaded files live: the local disk now, an S3-compatible bucket when several instances run.
 * Keys come from `newObjectKey` only; a key of any other shape is refused (put) or not found (get).
 */
export interface ObjectStore {
  put(body: Readable | Buffer, key: string, contentType: string): Promise<{ key: string; size: number }>;
  /** The object, or null when there is none (or the key is not one this store could have made). */
  get(key: string): Promise<StoredObject | null>;
  /** The object's size, type and time, or null when there is none. */
  stat(key: string): Promise<ObjectStat | null>;
  /** Removing a missing object is not an error, as in S3. */
  remove(key: string): Promise<void>;
  /** The service's other buckets, where it has any. */
  buckets?: BucketOps;
}

// `<tenant>/<32 hex><.ext>`: nothing a client sends can add a slash, a dot segment or a hidden file.
const KEY = /^\w{1,12}\/[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;

export const isObjectKey = (key: string): boolean => KEY.test(key);

/** The extension of a client's file name, if it is a plain one (`png`, `xlsx`); never part of a path. */
export function fileExtension(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return match?.[1]?.toLowerCase() ?? '';
}

/** A new key in the tenant's folder: 128 random bits, and the original extension so types stay visible. */
export function newObjectKey(tenantId: string, fileName: string): string {
  const ext = fileExtension(fileName);
  const key = `${tenantId}/${randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`;
  if (!isObjectKey(key)) throw new Error(`tenant id ${tenantId} cannot name a storage folder`);
  return key;
}
