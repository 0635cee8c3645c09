import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { createS3Store, type S3Store } from '../../src/platform/storage/s3-store.ts';

/** s3rver's one account. */
export const S3_KEYS = { accessKey: 'S3RVER', secretKey: 'S3RVER' } as const;

export interface TestS3 {
  endpoint: string;
  /** A client of one bucket, to look at what the server wrote (through another address, a proxy's). */
  bucket(name: string, through?: string): S3Store;
  close(): Promise<void>;
}

/**
 * A real S3 protocol server (s3rver) in this process on a free loopback port, its objects in a
 * temporary folder, with these buckets made.
 */
export async function startS3(buckets: string[]): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const clients: S3Store[] = [];
  return {
    endpoint,
    bucket(name, through = endpoint) {
      const store = createS3Store({
        endpoint: through,
        region: 'us-east-1',
        bucket: name,
        accessKeyId: S3_KEYS.accessKey,
        secretAccessKey: S3_KEYS.secretKey,
        forcePathStyle: true,
      });
      clients.push(store);
      return store;
    },
    async close() {
      for (const client of clients) client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
