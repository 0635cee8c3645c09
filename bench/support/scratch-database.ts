import pg from 'pg';

/**
 * Runs `use` on a scratch database made on the PostgreSQL server at `serverUrl` (the bench's
 * `DATABASE_URL`), dropped afterwards whatever happens: a bench never writes into a real database.
 * `label` tells apart several made at once (a tenant's move needs two).
 */
export async function onScratchDatabase(
  serverUrl: string,
  use: (url: string) => Promise<void>,
  label = '',
): Promise<void> {
  const name = `cw_bench_${process.pid}${label}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await use(url.toString());
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}
