import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStore } from '../../src/platform/storage/local-disk-store.ts';
import { isObjectKey, newObjectKey } from '../../src/platform/storage/object-store.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-store-'));
const store = createLocalDiskStore(path.join(root, 'files'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const read = async (stream: Readable) => Buffer.concat(await stream.toArray());

describe('newObjectKey', () => {
  it('makes a random name in the tenant folder, keeping only a plain extension', () => {
    expect(newObjectKey('000000', 'Report.XLSX')).toMatch(/^000000\/[0-9a-f]{32}\.xlsx$/);
    expect(newObjectKey('000000', 'a.tar/../../x')).toMatch(/^000000\/[0-9a-f]{32}$/);
    expect(newObjectKey('000000', 'noext')).toMatch(/^000000\/[0-9a-f]{32}$/);
    expect(newObjectKey('000000', 'x.png')).not.toBe(newObjectKey('000000', 'x.png'));
    expect(() => newObjectKey('../x', 'a.png')).toThrow();
  });

  it('accepts no other shape of key', () => {
    const hex = 'a'.repeat(32);
    for (const key of [`../${hex}`, `/000000/${hex}`, `000000/.${hex}.json`, `000000/../${hex}`, `000000/${hex}.a.b`]) {
      expect(isObjectKey(key), key).toBe(false);
    }
  });
});

describe('the local disk store', () => {
  it('puts, gets and removes objects from a buffer or a stream', async () => {
    const a = newObjectKey('000000', 'a.txt');
    expect(await store.put(Buffer.from('hello'), a, 'text/plain')).toEqual({ key: a, size: 5 });
    const b = newObjectKey('000000', 'b.bin');
    expect(await store.put(Readable.from([Buffer.from([1, 2]), Buffer.from([3])]), b, 'application/x-b')).toEqual({
      key: b,
      size: 3,
    });
    const got = (await store.get(a))!;
    expect({ size: got.size, contentType: got.contentType }).toEqual({ size: 5, contentType: 'text/plain' });
    expect((await read(got.stream)).toString()).toBe('hello');
    expect(await read((await store.get(b))!.stream)).toEqual(Buffer.from([1, 2, 3]));
    await store.remove(a);
    expect(await store.get(a)).toBeNull();
    await store.remove(a); // already gone: not an error
  });

  it('refuses a key it did not make and never looks outside its folder', async () => {
    fs.writeFileSync(path.join(root, 'secret.txt'), 'secret');
    await expect(store.put(Buffer.from('x'), '../secret.txt', 'text/plain')).rejects.toThrow(/not an object key/);
    expect(fs.readFileSync(path.join(root, 'secret.txt'), 'utf8')).toBe('secret');
    for (const key of ['../secret.txt', '000000/../../secret.txt', path.join(root, 'secret.txt')]) {
      expect(await store.get(key)).toBeNull();
      await store.remove(key);
    }
    expect(fs.existsSync(path.join(root, 'secret.txt'))).toBe(true);
  });

  it('leaves nothing behind when the source fails', async () => {
    const key = newObjectKey('700007', 'broken.bin');
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put(failing, key, 'application/octet-stream')).rejects.toThrow('client went away');
    expect(fs.readdirSync(path.join(root, 'files', '700007'))).toEqual([]);
  });
});
