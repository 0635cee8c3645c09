import pg from 'pg';

/** The oldest PostgreSQL the server runs on (README: 12 or later), as `server_version_num`. */
export const MIN_SERVER_VERSION = 120000;
const CHECK_TIMEOUT_MS = 5000;

/** Where a datasource's database is, as the pg driver takes it. */
export interface PostgresTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

/**
 * The server and database of a URL as BladeX stores it (`jdbc:postgresql://host:port/db`, or
 * `postgres(ql)://…`), without what it may carry besides; null when it names no PostgreSQL server.
 */
export function postgresAddress(url: string): { host: string; port: number; database: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim().replace(/^jdbc:/, ''));
  } catch {
    return null;
  }
  if (!['postgresql:', 'postgres:'].includes(parsed.protocol) || !parsed.hostname) return null;
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres';
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || 5432), database };
}

/** Why a connection to a datasource fails, each with its message in the datasource module. */
export type ConnectionProblem = 'host' | 'auth' | 'database' | 'version' | 'other';

const HOST_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
// invalid_password, invalid_authorization_specification (an unknown role, a pg_hba refusal)
const AUTH_CODES = new Set(['28P01', '28000']);

/** Which part of a connection an error of the pg driver says failed. */
export function connectionProblem(error: unknown): ConnectionProblem {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && HOST_CODES.has(code)) return 'host';
  if (typeof code === 'string' && AUTH_CODES.has(code)) return 'auth';
  if (code === '3D000') return 'database';
  const message = error instanceof Error ? error.message : '';
  if (/timeout|Connection terminated/i.test(message)) return 'host';
  // pg's client-side SCRAM checks (a server that asks for a password none was given for)
  if (/SASL|password/i.test(message)) return 'auth';
  return 'other';
}

/** A `server_version_num` too old to run the migrations on. */
export const tooOld = (versionNum: number) => versionNum < MIN_SERVER_VERSION;

/**
 * Connects once to a datasource's database and reads its version: null when it can serve as a
 * tenant database, else what failed. The driver's own message is not answered: it may hold the
 * address, the user or worse.
 */
export async function checkPostgres(
  target: PostgresTarget,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<{ problem: ConnectionProblem; version?: string } | null> {
  const client = new pg.Client({ ...target, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  // an error after connecting (the server going away) must not reach the process
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ num: string; version: string }>(
      `select current_setting('server_version_num') as num, current_setting('server_version') as version`,
    );
    const num = Number(rows[0]?.num);
    return tooOld(num) ? { problem: 'version', version: rows[0]?.version ?? String(num) } : null;
  } catch (error) {
    return { problem: connectionProblem(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}
