import { Redis } from 'ioredis';
import { type SharedStore, StoreUnavailableError } from './store.ts';

/**
 * While Redis is down a call fails at once (no offline queue piling up) or after COMMAND_TIMEOUT_MS
 * (a network that drops packets); the client keeps reconnecting, and calls work again when it is back.
 */
const COMMAND_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 2000;
const RECONNECT_MAX_DELAY_MS = 1000;

/** The store shared by several instances. Keys are prefixed so one Redis can serve several installs. */
export async function createRedisStore(
  url: string,
  prefix = 'cw:',
  onOutage: (error: Error) => void = (error) =>
    process.emitWarning(`shared store (Redis) unavailable: ${error.message}`),
): Promise<SharedStore> {
  const redis = new Redis(url, {
    lazyConnect: true,
    keyPrefix: prefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 100, RECONNECT_MAX_DELAY_MS),
  });
  // Said once per outage: the calls meanwhile answer 503 and /api/health names the store.
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) onOutage(error);
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  await redis.connect();

  async function call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  return {
    get: (key) => call(() => redis.get(key)),
    getMany: (keys) => (keys.length ? call(() => redis.mget(keys)) : Promise.resolve([])),
    async set(key, value, ttlMs) {
      await call(() => redis.set(key, value, 'PX', ttlMs));
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await call(() => redis.set(key, value, 'PX', ttlMs, 'NX'))) === 'OK';
    },
    async increment(key, ttlMs) {
      const replies = await call(() => redis.multi().incr(key).pexpire(key, ttlMs, 'NX').exec());
      const [[error, count]] = replies as [[Error | null, number]];
      if (error) throw new StoreUnavailableError(error);
      return count;
    },
    take: (key) => call(() => redis.getdel(key)),
    async delete(key) {
      await call(() => redis.del(key));
    },
    async reachable() {
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      // quit waits for the replies of calls on their way; a Redis that is gone has none to wait for
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
