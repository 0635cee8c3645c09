import { createHash } from 'node:crypto';
import net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectKey } from '../../src/platform/storage/object-store.ts';
import type { S3Store } from '../../src/platform/storage/s3-store.ts';
import { startS3, type TestS3 } from '../support/s3.ts';

let s3: TestS3;
let store: S3Store;
beforeAll(async () => {
  s3 = await startS3(['unit']);
  store = s3.bucket('unit');
});
afterAll(() => s3?.close());

const read = async (stream: Readable) => Buffer.concat(await stream.toArray());
const MiB = 1024 * 1024;

/** `total` bytes made as they are read, 64 KiB at a time, each chunk a new buffer. */
function generated(total: number, hash: ReturnType<typeof createHash>, onRead: (n: number) => void): Readable {
  let left = total;
  return new Readable({
    highWaterMark: 64 * 1024,
    read() {
      if (left === 0) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(64 * 1024, left), left % 251);
      left -= chunk.length;
      hash.update(chunk);
      onRead(chunk.length);
      this.push(chunk);
    },
  });
}

/** A TCP proxy on loopback to the port, counting the bytes it forwards to it. */
async function countingProxy(port: string) {
  let forwarded = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      forwarded += chunk.length;
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    forwarded: () => forwarded,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the S3 store (against s3rver)', () => {
  it('puts, gets and removes objects from a buffer or a stream, with their content type', async () => {
    const a = newObjectKey('000000', 'a.txt');
    expect(await store.put(Buffer.from('hello'), a, 'text/plain')).toEqual({ key: a, size: 5 });
    const b = newObjectKey('000000', 'b.bin');
    expect(await store.put(Readable.from([Buffer.from([1, 2]), Buffer.from([3])]), b, 'image/png')).toEqual({
      key: b,
      size: 3,
    });
    const got = await store.get(b);
    expect(got).toMatchObject({ size: 3, contentType: 'image/png' });
    expect([...(await read(got!.stream))]).toEqual([1, 2, 3]);
    await store.remove(b);
    expect(await store.get(b)).toBeNull();
    await store.remove(b); // a missing object is no error, as on the disk
    expect(await store.get('../etc/passwd')).toBeNull();
    await expect(store.put(Buffer.from('x'), 'not/a key', 'text/plain')).rejects.toThrow();
  });

  it('streams a body larger than one part without holding it in memory', async () => {
    // What the client holds is what it has read from the body and not yet sent: a proxy in front of
    // the server counts what was sent.
    const proxy = await countingProxy(new URL(s3.endpoint).port);
    const through = s3.bucket('unit', proxy.endpoint);
    const key = newObjectKey('000000', 'big.bin');
    const sent = createHash('sha256');
    let pulled = 0;
    let mostHeld = 0;
    const body = generated(48 * MiB, sent, (n) => {
      pulled += n;
      mostHeld = Math.max(mostHeld, pulled - proxy.forwarded());
    });
    try {
      expect(await through.put(body, key, 'application/octet-stream')).toEqual({ key, size: 48 * MiB });
    } finally {
      await proxy.close();
    }
    // Parts of 5 MiB, one read ahead while one is sent: never near the 48 MiB a buffered upload holds.
    expect(mostHeld).toBeLessThan(12 * MiB);
    const got = await store.get(key);
    expect(got!.size).toBe(48 * MiB);
    const back = createHash('sha256');
    for await (const chunk of got!.stream) back.update(chunk as Buffer);
    expect(back.digest('hex')).toBe(sent.digest('hex'));
    await store.remove(key);
  });

  it('fails the put with the body’s own error and leaves no object', async () => {
    const key = newObjectKey('000000', 'cut.bin');
    const refusal = new Error('too large');
    let sent = 0;
    const body = new Readable({
      read() {
        sent += 1;
        if (sent === 200) this.destroy(refusal);
        else this.push(Buffer.alloc(64 * 1024, 1));
      },
    });
    await expect(store.put(body, key, 'application/octet-stream')).rejects.toBe(refusal);
    expect(await store.get(key)).toBeNull();
  });
});
