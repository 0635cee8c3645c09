import { execFileSync } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';

/** Where the second database of a bench lives: its own cluster, or the first server. */
export interface SecondServer {
  url: string;
  /** Said in the bench's output: which one it is. */
  where: string;
}

const onPath = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const MIRRORED = [
  'autovacuum',
  'shared_buffers',
  'work_mem',
  'effective_cache_size',
  'random_page_cost',
  'jit',
  'fsync',
  'synchronous_commit',
];

/** True when nothing listens on the port of 127.0.0.1. */
const free = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/**
 * Runs `use` with a second PostgreSQL server: as root with Debian's `pg_createcluster`, a cluster of
 * the first server's major version made on a free port from 5433 (trust for 127.0.0.1, as the
 * machine's main cluster here; its settings that bear on a list's speed copied: `MIRRORED`), started, and dropped afterwards whatever happens (and on Ctrl-C);
 * otherwise the first server itself (a second database there: the move's copy then shares its CPU).
 */
export async function onSecondServer(serverUrl: string, use: (second: SecondServer) => Promise<void>): Promise<void> {
  if (process.getuid?.() !== 0 || !onPath('pg_createcluster')) {
    await use({ url: serverUrl, where: 'a second database on the same server (no root or no pg_createcluster)' });
    return;
  }
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
  // the settings that decide a list's speed, as the first server has them (here autovacuum is off there:
  // a second cluster vacuuming the moved rows while a list is measured would not compare)
  const { rows: settings } = await client.query<{ name: string; value: string }>(
    'select name, current_setting(name) as value from pg_settings where name = any($1)',
    [MIRRORED],
  );
  await client.end();
  const version = String(Math.floor(Number(rows[0]!.v) / 10_000));
  let port = 5433;
  while (!(await free(port))) port++;
  const name = `benchmove${process.pid}`;
  execFileSync(
    'pg_createcluster',
    [
      ...['-p', String(port), '--start'],
      ...settings.flatMap((g) => ['-o', `${g.name}=${g.value}`]),
      ...[version, name, '--', '--auth-host=trust', '--auth-local=trust'],
    ],
    { stdio: 'ignore' },
  );
  const drop = () => execFileSync('pg_dropcluster', ['--stop', version, name], { stdio: 'ignore' });
  const interrupted = () => {
    drop();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  try {
    const url = new URL(serverUrl);
    url.host = `127.0.0.1:${port}`;
    url.username = 'postgres';
    url.password = '';
    url.pathname = '/postgres';
    await use({ url: url.toString(), where: `a second cluster (PostgreSQL ${version}, port ${port})` });
  } finally {
    process.off('SIGINT', interrupted);
    drop();
  }
}
