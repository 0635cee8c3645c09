import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildServerIfStale, SERVER_ENTRY } from '../../scripts/builds.ts';

/** The administrator's password of every bench database (seeded by `seedPlatform` or the server). */
export const BENCH_PASSWORD = 'bench-password-17';
const root = path.resolve(import.meta.dirname, '..', '..');
const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * The Node flags `npm start` gives the server (the start script of the root package.json): the bench runs
 * the server as production does.
 */
export const PRODUCT_NODE_FLAGS: string[] = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/**
 * The server's entry in a copy of the repository: in this one, its build, as `npm start` runs it (built
 * first if its sources changed); in another (a before/after bench), its sources, which any version runs.
 */
export function productEntry(from = root): string {
  if (from !== root) return 'server/src/main.ts';
  buildServerIfStale();
  return SERVER_ENTRY;
}

/** Resident memory of a process now, in MiB. */
export const rssMiBOf = (pid: number | undefined) =>
  Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]) / 1024;

export interface ProductServer {
  base: string;
  child: ChildProcess;
  /** Headers of the platform administrator signed in (tenant 000000), as the web client sends them. */
  headers: Record<string, string>;
  /** Resident memory of the server process now, in MiB. */
  rssMiB(): number;
  stop(): Promise<void>;
}

/**
 * The product as it runs in production, in its own process (`productEntry`, logging at info
 * to /dev/null), on PostgreSQL at `databaseUrl` or the embedded database in `dataDir`, signed in
 * through the token endpoint. Load comes from the bench's process, not the server's.
 */
export async function startProduct(
  where: { databaseUrl: string } | { dataDir: string },
  env: Record<string, string> = {},
  /** Another copy of the repository (with node_modules) to run, e.g. main's, for a before/after bench. */
  from = root,
): Promise<ProductServer> {
  const port = 19000 + Math.floor(Math.random() * 2000);
  const entry = productEntry(from);
  const began = performance.now();
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, entry], {
    cwd: from,
    env: {
      ...process.env,
      PORT: String(port),
      ADMIN_PASSWORD: BENCH_PASSWORD,
      LOG_LEVEL: 'info',
      // No demo tenant: its first start would enrol the demo face (the face models, ~300 MiB and seconds
      // of CPU) in the background while the bench measures (bench/startup.ts measures that start).
      DEMO_DATA: 'false',
      ...('databaseUrl' in where ? { DATABASE_URL: where.databaseUrl } : { DATABASE_URL: '', DATA_DIR: where.dataDir }),
      ...env,
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - began > 180_000) throw new Error('the server did not start in 3 minutes');
    await new Promise((r) => setTimeout(r, 50));
  }
  const query = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: createHash('md5').update(BENCH_PASSWORD).digest('hex'),
    grant_type: 'password',
    scope: 'all',
  });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: CLIENT },
  });
  const answer = (await res.json()) as { access_token?: string };
  if (!answer.access_token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(answer)}`);
  return {
    base,
    child,
    headers: { authorization: CLIENT, 'blade-auth': `bearer ${answer.access_token}` },
    rssMiB: () => rssMiBOf(child.pid),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
