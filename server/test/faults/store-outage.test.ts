import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { freshDatabase } from '../support/database.ts';
import {
  client,
  freePort,
  type Process,
  type ServerProcess,
  signIn,
  startRedis,
  startServer,
} from '../support/server-process.ts';

// The shared store stopped, then started again empty (a Redis of the test's own, never the shared one):
// calls fail fast with 503 meanwhile, health names the store, and nothing revoked comes back.
const PASSWORD = 'fault-admin-password';
let database: OpenDatabase & { url?: string };
let redisPort: number;
let redis: Process;
let server: ServerProcess;

beforeAll(async () => {
  database = await freshDatabase();
  redisPort = await freePort();
  redis = await startRedis(redisPort);
  server = await startServer({
    ADMIN_PASSWORD: PASSWORD,
    DATABASE_URL: database.url!,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    DATA_DIR: '',
  });
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  await redis?.stop('SIGKILL');
  await database?.close();
});

// Each answer is awaited while the store is still down: a call waiting for it would not answer a 503.
async function answer(call: () => Promise<Response>): Promise<{ status: number; body: unknown }> {
  const res = await call();
  return { status: res.status, body: await res.json() };
}

describe('the shared store stopped and restarted empty', () => {
  it('fails calls fast with 503 meanwhile, health names it, and no revoked token comes back', async () => {
    const api = client(server.url);
    const kept = await signIn(api, 'admin', PASSWORD);
    const loggedOut = await signIn(api, 'admin', PASSWORD);
    expect((await api.logout(loggedOut.access_token)).status).toBe(200);
    const used = await signIn(api, 'admin', PASSWORD);
    expect((await api.refresh(used.refresh_token)).status).toBe(200);

    await redis.stop('SIGKILL');
    const call = await answer(() => api.userInfo(kept.access_token));
    expect(call).toMatchObject({
      status: 503,
      body: { code: 503, success: false, msg: 'The shared store (Redis) is unavailable, please try again shortly' },
    });
    const signInMeanwhile = await answer(() => api.login('admin', PASSWORD));
    expect(signInMeanwhile.status).toBe(503);
    const health = await answer(() => api.health());
    expect(health).toMatchObject({
      status: 503,
      body: { data: { status: 'down', database: 'up', store: 'down' } },
    });

    redis = await startRedis(redisPort);
    await waitUntilHealthy(api);
    expect((await api.userInfo(kept.access_token)).status).toBe(200);
    expect((await api.userInfo(loggedOut.access_token)).status).toBe(401);
    expect((await api.refresh(loggedOut.refresh_token)).status).toBe(401);
    expect((await api.refresh(used.refresh_token)).status).toBe(401);
    expect((await api.refresh(kept.refresh_token)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});

async function waitUntilHealthy(api: ReturnType<typeof client>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await api.health()).status !== 200) {
    if (Date.now() > deadline) throw new Error('the server did not see the store come back');
    await new Promise((r) => setTimeout(r, 100));
  }
}
