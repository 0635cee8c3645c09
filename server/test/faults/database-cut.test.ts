import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { freshDatabase } from '../support/database.ts';
import { client, type ServerProcess, signIn, startServer } from '../support/server-process.ts';
import { endConnections, expectWhole, refuelTarget, streamRefuels } from './documents.ts';

// The server's connections to its database are ended under load (pg_terminate_backend, as a
// failover or a network cut would): the process stays up, the calls hit answer 503, and it recovers.
const PASSWORD = 'fault-admin-password';
const LOAD_MS = 2500;
const CUT_EVERY_MS = 150;
let database: OpenDatabase & { url?: string };
let server: ServerProcess;
let killer: pg.Client;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startServer({ ADMIN_PASSWORD: PASSWORD, DATABASE_URL: database.url!, DATA_DIR: '' });
  // From another database of the server: the cuts must not end the connection that makes them.
  killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await killer.connect();
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  await killer?.end();
  await database?.close();
});

/** Ends every connection to this test's own database (only it): answers how many were ended. */
async function cutConnections(): Promise<number> {
  return endConnections(killer, new URL(database.url!).pathname.slice(1));
}

describe('database connections ended under load', () => {
  it('keep the process up: calls meanwhile answer 503 (never 500), then it works again', async () => {
    const api = client(server.url);
    const { access_token: token } = await signIn(api, 'admin', PASSWORD);
    const target = await refuelTarget(api, token);

    const until = Date.now() + LOAD_MS;
    let cuts = 0;
    const cutter = (async () => {
      while (Date.now() < until) {
        cuts += await cutConnections();
        await new Promise((r) => setTimeout(r, CUT_EVERY_MS));
      }
    })();
    const [writes, { statuses: reads, unavailable }] = await Promise.all([
      streamRefuels(api, token, target, () => Date.now() >= until),
      readWhile(api, token, () => Date.now() >= until),
      cutter,
    ]);

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(cuts).toBeGreaterThan(0);
    const statuses = [...writes.statuses, ...reads];
    expect(
      statuses.filter((s) => s !== 200 && s !== 503),
      server.output(),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(unavailable ?? writes.unavailable).toEqual({
      code: 503,
      success: false,
      data: { dependency: 'database' },
      msg: 'The database is unavailable, please try again shortly',
    });

    // recovered: a new write and every acknowledged one read back
    const after = await streamRefuels(api, token, target, (s) => s.statuses.length > 0, 1);
    expect(after.statuses).toEqual([200]);
    await expectWhole(api, token, [...writes.acknowledged, ...after.acknowledged]);
  });
});

/** Reads a page over and over: the statuses, and the first 503 answer's body. */
async function readWhile(api: ReturnType<typeof client>, token: string, stop: () => boolean) {
  const statuses: number[] = [];
  let unavailable: unknown = null;
  while (!stop()) {
    try {
      const res = await api.call('/api/warehouse/refuel/page?current=1&size=5', {}, token);
      statuses.push(res.status);
      const body = await res.json();
      if (res.status === 503) unavailable ??= body;
    } catch {
      statuses.push(0);
    }
  }
  return { statuses, unavailable };
}
