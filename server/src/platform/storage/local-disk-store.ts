import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isObjectKey, type ObjectStore } from './object-store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Objects as files under `root/<tenant>/<name>`; the content type sits beside each in a hidden
 * `.<name>.json` (no key starts with a dot, so it can never be read as an object).
 */
export function createLocalDiskStore(root: string): ObjectStore {
  const base = path.resolve(root);

  function locate(key: string): { file: string; meta: string } | null {
    if (!isObjectKey(key)) return null;
    const file = path.resolve(base, key);
    // The key pattern already rules out `..` and absolute paths; this keeps it so if the pattern changes.
    if (!file.startsWith(base + path.sep)) return null;
    return { file, meta: path.join(path.dirname(file), `.${path.basename(file)}.json`) };
  }

  return {
    async put(body, key, contentType) {
      const where = locate(key);
      if (!where) throw new Error(`not an object key: ${key}`);
      await mkdir(path.dirname(where.file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file and a failed upload leaves nothing.
      const temp = path.join(path.dirname(where.file), `.${randomBytes(8).toString('hex')}.part`);
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(temp, { flags: 'wx' }));
        await writeFile(where.meta, JSON.stringify({ contentType }));
        await rename(temp, where.file);
      } catch (error) {
        await rm(temp, { force: true });
        await rm(where.meta, { force: true });
        throw error;
      }
      return { key, size: (await stat(where.file)).size };
    },

    async get(key) {
      const where = locate(key);
      if (!where) return null;
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(where.file, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        const meta = JSON.parse(await readFile(where.meta, 'utf8').catch(() => '{}')) as { contentType?: string };
        // The open handle keeps the bytes readable even if the object is removed meanwhile.
        return { stream: handle.createReadStream(), size, contentType: meta.contentType ?? 'application/octet-stream' };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async stat(key) {
      const where = locate(key);
      if (!where) return null;
      try {
        const found = await stat(where.file);
        const meta = JSON.parse(await readFile(where.meta, 'utf8').catch(() => '{}')) as { contentType?: string };
        const contentType = meta.contentType ?? 'application/octet-stream';
        return { size: found.size, contentType, lastModified: found.mtime, hash: null };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      const where = locate(key);
      if (!where) return;
      await rm(where.file, { force: true });
      await rm(where.meta, { force: true });
    },
  };
}
