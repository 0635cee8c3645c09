import { sql } from 'kysely';
import type { Sealer } from '../../../platform/auth/sealed-secrets.ts';
import { checkPostgres, type PostgresTarget, postgresAddress } from '../../../platform/db/postgres-target.ts';
import { badRequest, conflict } from '../../../platform/http/errors.ts';
import type { AnyDb, AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { datasourceMessages as m } from './messages.ts';

/** The fields that say where a datasource connects; a change of any is checked by connecting. */
const CONNECTION_FIELDS = ['url', 'username', 'password'] as const;

interface StoredSource {
  name: string;
  url: string;
  username: string;
  password: string;
}

/** A live datasource row as stored (its password sealed), or undefined. */
export async function storedSource(db: AnyDb, id: string): Promise<StoredSource | undefined> {
  const { rows } = await sql<StoredSource>`
    select name, url, username, password from blade_datasource where id = ${id} and is_deleted = 0`.execute(db);
  return rows[0];
}

/** Where a stored datasource connects, its password opened; a refusal with a message when it cannot. */
export function targetOf(source: StoredSource, sealer: Sealer): PostgresTarget {
  const address = postgresAddress(source.url);
  if (!address) throw badRequest(m['datasource.url.unsupported']);
  let password: string;
  try {
    password = sealer.open(source.password);
  } catch {
    throw badRequest(m['datasource.password.sealed'], { name: source.name });
  }
  return { ...address, user: source.username, password };
}

/** Refuses, saying why, a target the server cannot use as a database: down, refused, missing, too old. */
export async function assertConnects(target: PostgresTarget): Promise<void> {
  const failed = await checkPostgres(target);
  if (!failed) return;
  const { host, port, database, user } = target;
  throw badRequest(m[`datasource.connect.${failed.problem}`], {
    host,
    port,
    database,
    username: user,
    version: failed.version,
  });
}

/**
 * The check of the datasource form (the CRUD factory's `prepare`, before its transaction): the
 * submitted URL, user and password, or the stored ones where an update leaves them out, must
 * connect. An update that leaves them all alone (a new remark) is not checked: the database being
 * down for a moment must not block it. An unknown id is left to the factory (404).
 */
export async function checkSubmitted(db: AnyDb, sealer: Sealer, values: Record<string, unknown>, id?: string) {
  if (id && !CONNECTION_FIELDS.some((field) => values[field] !== undefined)) return;
  const stored = id ? await storedSource(db, id) : undefined;
  if (id && !stored) return;
  const url = String(values.url ?? stored?.url ?? '');
  const address = postgresAddress(url);
  if (!address) throw badRequest(m['datasource.url.unsupported']);
  const password =
    values.password !== undefined ? String(values.password) : stored ? targetOf(stored, sealer).password : undefined;
  // a new datasource without a password is refused by beforeSave, with its own message
  if (password === undefined) return;
  await assertConnects({ ...address, user: String(values.username ?? stored?.username ?? ''), password });
}

/**
 * Refuses to remove a datasource, or to point it elsewhere (its URL or user), while tenants are
 * bound to it: their data is in that database (its password may change).
 */
export async function assertUnbound(trx: AnyTrx, ids: string[]): Promise<void> {
  const { rows } = await sql<{ name: string; tenants: string }>`
    select d.name, string_agg(t.tenant_id, ', ' order by t.tenant_id) as tenants
    from blade_datasource d join blade_tenant t on t.datasource_id = d.id and t.is_deleted = 0
    where d.id in (${sql.join(ids)}) group by d.name order by d.name limit 1`.execute(trx);
  if (rows[0]) throw conflict(m['datasource.bound'], { name: rows[0].name, tenants: rows[0].tenants });
}
