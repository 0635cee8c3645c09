import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/platform/store/memory-store.ts';
import { createRedisStore } from '../../src/platform/store/redis-store.ts';
import type { SharedStore } from '../../src/platform/store/store.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  const line = 'SKIPPED: the Redis store suite. Set TEST_REDIS_URL=redis://127.0.0.1:6379 to run it.';
  if (process.env.CI === 'true') throw new Error(`${line} (CI must run it)`);
  console.warn(`\n*** ${line} ***\n`);
}

function storeContract(name: string, make: () => Promise<SharedStore>) {
  describe(name, () => {
    let store: SharedStore;
    const key = (k: string) => `test:${process.pid}:${Date.now()}:${k}`;
    beforeAll(async () => {
      store = await make();
    });
    afterAll(() => store.close());

    it('answers that it is reachable', async () => {
      expect(await store.reachable()).toBe(true);
    });

    it('sets, gets and deletes', async () => {
      const k = key('a');
      expect(await store.get(k)).toBeNull();
      await store.set(k, 'v', 10_000);
      expect(await store.get(k)).toBe('v');
      await store.delete(k);
      expect(await store.get(k)).toBeNull();
    });

    it('reads several keys in one call, in order', async () => {
      const [a, b] = [key('m1'), key('m2')];
      await store.set(b, 'two', 10_000);
      expect(await store.getMany([a, b])).toEqual([null, 'two']);
      expect(await store.getMany([])).toEqual([]);
    });

    it('lets exactly one caller take a lock', async () => {
      const k = key('lock');
      const results = await Promise.all([1, 2, 3].map((n) => store.setIfAbsent(k, String(n), 10_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('counts, keeping the first expiry', async () => {
      const k = key('count');
      expect(await store.increment(k, 10_000)).toBe(1);
      expect(await store.increment(k, 10_000)).toBe(2);
      expect(await Promise.all([store.increment(k, 10_000), store.increment(k, 10_000)])).toEqual(
        expect.arrayContaining([3, 4]),
      );
    });

    it('hands a single-use value out once', async () => {
      const k = key('once');
      await store.set(k, 'answer', 10_000);
      expect(await store.take(k)).toBe('answer');
      expect(await store.take(k)).toBeNull();
    });

    it('forgets keys after their time', async () => {
      const k = key('ttl');
      await store.set(k, 'v', 30);
      await new Promise((r) => setTimeout(r, 80));
      expect(await store.get(k)).toBeNull();
      expect(await store.setIfAbsent(k, 'w', 30)).toBe(true);
    });
  });
}

storeContract('the in-process store', async () => createMemoryStore());
if (redisUrl) storeContract('the Redis store', () => createRedisStore(redisUrl, 'cw-test:'));
