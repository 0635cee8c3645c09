import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = path.join(import.meta.dirname, '../../src/main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-main-'));
const running: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string> = {}, args: string[] = []): Started {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ADMIN_PASSWORD: '',
      ...env,
    },
  });
  running.push(child);
  let text = '';
  child.stdout?.on('data', (d) => (text += d));
  child.stderr?.on('data', (d) => (text += d));
  return { child, output: () => text, exited: new Promise((r) => child.once('exit', r)) };
}

async function waitFor(started: Started, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (!pattern.test(started.output())) {
    if (started.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`server output:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return started.output();
}

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on the embedded database', () => {
  it('first start: creates the data, prints the address and the generated admin password once; a second server on the same data refuses; a later start reuses it', async () => {
    const first = startServer();
    const firstOutput = await waitFor(first, /password (\S+)/);
    expect(firstOutput).toMatch(/ready at http:\/\/127\.0\.0\.1:\d+/);
    expect(firstOutput).toContain('tenant 000000, account admin');
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);

    const second = startServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another server (process ${first.child.pid})`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const again = startServer();
    const againOutput = await waitFor(again, /ready at/);
    expect(againOutput).not.toMatch(/password/);
    again.child.kill('SIGTERM');
    await again.exited;
    // three starts, the first creating and seeding the data: 30 s on a slow machine with the other tests running
  }, 120_000);

  it('--print-sm2-public-key prints the installation’s SM2 public key and stops: the same key each time', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-main-sm2-'));
    const printed = async () => {
      const run = startServer({ DATA_DIR: own }, ['--print-sm2-public-key']);
      expect(await run.exited).toBe(0);
      return run.output().trim();
    };
    const key = await printed();
    expect(key).toMatch(/^04[0-9a-f]{128}$/);
    expect(await printed()).toBe(key);
    fs.rmSync(own, { recursive: true, force: true });
  }, 120_000);

  it('stops with a message naming an invalid setting', async () => {
    const bad = startServer({ PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT:');
  });

  it('writes a request’s log line to standard output within a few seconds, though the log is written in blocks', async () => {
    const server = startServer({ LOG_LEVEL: 'info', ADMIN_PASSWORD: 'a-password-of-the-test' });
    const url = (await waitFor(server, /ready at (http:\/\/\S+)/)).match(/ready at (http:\/\/\S+)/)![1];
    expect((await fetch(`${url}/api/health?probe=1`)).status).toBeLessThan(500);
    // one line, far from filling a block: the flush timer writes it
    await waitFor(server, /"url":"\/api\/health"/);
    server.child.kill('SIGTERM');
    await server.exited;
  });
});
