import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from '../../src/platform/db/database.ts';
import { freshDatabase } from '../support/database.ts';
import { client, type ServerProcess, signIn, startServer } from '../support/server-process.ts';
import { expectLedgerEqualsBalances } from '../support/warehouse.ts';
import { expectWhole, refuelTarget, streamRefuels } from './documents.ts';

// kill -9 of a real server during a stream of refuels: every acknowledged one is there, whole, after
// the restart, and the balances and the reports' summaries equal the ledger. What must outlive a
// restart is checked too: a logout and a used refresh token.
const PASSWORD = 'fault-admin-password';
const ACKNOWLEDGED_BEFORE_KILL = 30;
const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
  for (const cleanup of cleanups) await cleanup();
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD, ...env });
  running.push(server);
  return server;
}

/** After the restart and its stop: the balances and the reports' summaries still equal the ledger. */
async function expectLedgerWhole(open: () => Promise<OpenDatabase>): Promise<void> {
  const database = await open();
  try {
    await expectLedgerEqualsBalances(database.db);
  } finally {
    await database.close();
  }
}

async function killDuringWrites(env: Record<string, string>, open: () => Promise<OpenDatabase>): Promise<void> {
  const first = await start(env);
  const before = client(first.url);
  const { access_token: token } = await signIn(before, 'admin', PASSWORD);
  const target = await refuelTarget(before, token);
  const loggedOut = await signIn(before, 'admin', PASSWORD);
  expect((await before.logout(loggedOut.access_token)).status).toBe(200);
  const used = await signIn(before, 'admin', PASSWORD);
  expect((await before.refresh(used.refresh_token)).status).toBe(200);

  const stream = await streamRefuels(before, token, target, (s) => {
    if (s.acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL && first.child.exitCode === null) {
      first.child.kill('SIGKILL');
    }
    return first.child.signalCode !== null || first.child.killed;
  });
  await first.exited;
  expect(stream.acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

  const again = await start(env);
  const after = client(again.url);
  await expectWhole(after, token, stream.acknowledged);
  expect((await after.userInfo(loggedOut.access_token)).status).toBe(401);
  expect((await after.refresh(used.refresh_token)).status).toBe(401);
  expect((await after.userInfo(token)).status).toBe(200);
  await again.stop();
  await expectLedgerWhole(open);
}

// The two databases at once: the suite's time is the slower one's.
describe.concurrent('kill -9 during a stream of refuels', () => {
  it('on the embedded database: every acknowledged refuel is whole after the restart, and no logout is forgotten', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-fault-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await killDuringWrites({ DATA_DIR: dataDir, DATABASE_URL: '' }, () =>
      openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }),
    );
  }, 90_000);

  it('on PostgreSQL: every acknowledged refuel is whole after the restart', async () => {
    const database = await freshDatabase();
    cleanups.push(() => database.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-fault-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await killDuringWrites({ DATA_DIR: dataDir, DATABASE_URL: database.url! }, () =>
      openDatabase({ url: database.url! }),
    );
  }, 60_000);
});
