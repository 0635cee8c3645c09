import pg from 'pg';

/**
 * Runs `use` on a scratch database made on the PostgreSQL server at `serverUrl` (the bench's
 * `DATABASE_URL`), dropped afterwards whatever happens: a bench never writes into a real database.
 */
export async function onScratchDatabase(serverUrl: string, use: (url: string) => Promise<void>): Promise<void> {
  const name = `cw_bench_${process.pid}`;
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
