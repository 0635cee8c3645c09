import { Redis } from 'ioredis';
import type { SharedStore } from './store.ts';

/** The store shared by several instances. Keys are prefixed so one Redis can serve several installs. */
export async function createRedisStore(url: string, prefix = 'cw:'): Promise<SharedStore> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, keyPrefix: prefix });
  await redis.connect();
  return {
    get: (key) => redis.get(key),
    getMany: (keys) => (keys.length ? redis.mget(keys) : Promise.resolve([])),
    async set(key, value, ttlMs) {
      await redis.set(key, value, 'PX', ttlMs);
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async increment(key, ttlMs) {
      const [[, count]] = (await redis.multi().incr(key).pexpire(key, ttlMs, 'NX').exec()) as [[null, number]];
      return count;
    },
    take: (key) => redis.getdel(key),
    async delete(key) {
      await redis.del(key);
    },
    async close() {
      await redis.quit();
    },
  };
}
