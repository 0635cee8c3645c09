import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_NODE_FLAGS, productEntry, rssMiBOf as rssMiB } from './support/product-server.ts';
import { atMost } from './support/verdict.ts';

// Time from process start to a healthy /api/health and the resident memory 5 s later, idle: the first
// start (create, migrate, seed, then the demo face's enrolment, which loads the face models) once,
// then WARM_STARTS warm starts on the same data (the median is the verdict). Run: node bench/startup.ts
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-'));
const port = 18600 + Math.floor(Math.random() * 300);
const WARM_STARTS = 3;
const IDLE_MS = 5000;

interface Start {
  readyMs: number;
  rssMiB: number;
}

// built (when stale) before any start is timed
const entry = productEntry();

function spawnServer(): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, entry], {
    cwd: root,
    // info, so the demo face's enrolment shows in the output (the first start waits for it)
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'bench-pass',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

async function waitFor(test: () => Promise<boolean> | boolean, what: string, ms = 120_000): Promise<void> {
  const began = performance.now();
  while (!(await test())) {
    if (performance.now() - began > ms) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const healthy = () =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (res) => res.ok,
    () => false,
  );

async function start(first: boolean): Promise<Start> {
  const began = performance.now();
  const { child, output } = spawnServer();
  await waitFor(healthy, 'the server did not answer /api/health');
  const readyMs = performance.now() - began;
  // The first start enrols the demo person's face once it is up: idle means after that.
  if (first) await waitFor(() => /demo warehouse: .*(enrolled|could not be enrolled)/.test(output()), 'demo face');
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rss = rssMiB(child.pid!);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { readyMs, rssMiB: rss };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const first = await start(true);
  console.log(
    `first start (create, migrate, seed): ready in ${Math.round(first.readyMs)} ms; ` +
      `RSS ${first.rssMiB.toFixed(0)} MiB idle after the demo face's enrolment (the face models loaded)`,
  );
  const warm: Start[] = [];
  for (let i = 0; i < WARM_STARTS; i++) {
    warm.push(await start(false));
    const w = warm.at(-1)!;
    console.log(`warm start ${i + 1}: ready in ${Math.round(w.readyMs)} ms; idle RSS ${w.rssMiB.toFixed(0)} MiB`);
  }
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  atMost(`warm start: ready (median of ${WARM_STARTS})`, 'PGlite', median(warm.map((w) => w.readyMs)), 2000, 'ms', 0);
  atMost(`warm start: idle RSS (median of ${WARM_STARTS})`, 'PGlite', median(warm.map((w) => w.rssMiB)), 250, 'MiB', 0);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
