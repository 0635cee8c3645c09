import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Time from process start to a healthy /api/health, first start (create, migrate, seed) and second
// start (reuse), and the server's resident memory when idle. Run: node bench/startup.ts
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-'));
const port = 18600 + Math.floor(Math.random() * 300);

async function start(label: string): Promise<void> {
  const began = performance.now();
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-pass',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - began > 120_000) throw new Error('the server did not start in 2 minutes');
    await new Promise((r) => setTimeout(r, 50));
  }
  const ready = performance.now() - began;
  await new Promise((r) => setTimeout(r, 5000));
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rssKb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
  console.log(`${label}: ready in ${Math.round(ready)} ms; idle RSS ${(rssKb / 1024).toFixed(0)} MiB`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

await start('first start (create, migrate, seed)');
await start('second start (reuse)');
fs.rmSync(dataDir, { recursive: true, force: true });
