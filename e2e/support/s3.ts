import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** s3rver's one account. */
export const S3_KEYS = { accessKey: 'S3RVER', secretKey: 'S3RVER' } as const;

/**
 * A real S3 protocol server (s3rver) in the spec's own process, on a free loopback port that the
 * product server (started by Playwright on the same machine) reaches too.
 */
export async function startS3(bucket: string) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-e2e-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** The object's bytes as s3rver keeps them on its disk, or null. */
    stored(key: string): Buffer | null {
      const file = path.join(directory, bucket, `${key}._S3rver_object`);
      return fs.existsSync(file) ? fs.readFileSync(file) : null;
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
