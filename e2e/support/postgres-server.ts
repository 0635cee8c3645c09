import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ADMIN_PASSWORD } from './session.ts';

/** The test PostgreSQL (TEST_DATABASE_URL): required in CI, else the specs that need it skip, saying so. */
export const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && process.env.CI === 'true')
  throw new Error('tenant moves need TEST_DATABASE_URL (CI must run them)');

/** The port of the spec's own server on PostgreSQL, beside the suite's (embedded) one. */
export const postgresPort = Number(process.env.E2E_PORT ?? 18431) + 1;

const admin = async <T>(work: (c: pg.Client) => Promise<T>) => {
  const c = new pg.Client({ connectionString: postgresUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
};

/** A new empty database on the test PostgreSQL; its URL. */
async function newDatabase(name: string): Promise<string> {
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface PostgresServer {
  /** The database the server runs on, and a second, empty one for a datasource. */
  main: string;
  second: { name: string; url: string };
  /** A statement on a database of the server (as its owner). */
  query<T>(url: string, text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/**
 * The production build served on a fresh PostgreSQL database (`npm start` with DATABASE_URL), for
 * what the embedded database cannot do (tenants in other databases); both made here, dropped after.
 */
export async function startPostgresServer(env: Record<string, string> = {}): Promise<PostgresServer> {
  const tag = `${process.pid}_${Date.now().toString(36)}`;
  const main = await newDatabase(`cw_e2e_${tag}`);
  const secondName = `cw_e2e_second_${tag}`;
  const second = { name: secondName, url: await newDatabase(secondName) };
  const child: ChildProcess = spawn(process.execPath, [path.join(import.meta.dirname, '../../server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(postgresPort),
      HOST: '127.0.0.1',
      DATABASE_URL: main,
      DATA_DIR: path.join(os.tmpdir(), `cw-e2e-pg-${tag}`),
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      TIME_ZONE: 'Asia/Shanghai',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${postgresPort}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the PostgreSQL server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const query = async <T>(url: string, text: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(text, values)).rows as T[];
    } finally {
      await c.end();
    }
  };
  return {
    main,
    second,
    query,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      for (const url of [main, second.url]) {
        const name = new URL(url).pathname.slice(1);
        await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      }
    },
  };
}
