import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, PostgresPool, PostgresPoolClient, Transaction } from 'kysely';

type Pool = Pick<PostgresPool, 'connect' | 'end' | 'options' | 'Client'>;

/**
 * The settings row-level security reads (`role`, `app.tenant_id`, `app.all_tenants`), by name. A
 * read request needs them for its few statements only; a transaction exists to scope them
 * (`set_config(…, true)`), and costs its `begin` and `commit`: two of a page's six round trips.
 */
export type Settings = Readonly<{ role?: string; 'app.tenant_id': string; 'app.all_tenants': 'on' | 'off' }>;

/** A connection as the pool opens it: its own user (`role` none), no tenant. Policies see no tenant in it. */
const OWNER: Settings = { role: 'none', 'app.tenant_id': '', 'app.all_tenants': 'off' };
/** Asked by a transaction that sets all three itself, for its duration: any session settings do. */
const ANY = Symbol('any settings');

const keyOf = (settings: Settings) => JSON.stringify(settings);

/**
 * Session settings kept on each pooled PostgreSQL connection, set only when the work that takes the
 * connection asks for others. A checkout asks through `withSettings` (an async-local request, read
 * when the pool hands out a connection); every other checkout asks for the owner's, so platform work
 * never runs under a tenant a read left behind. A tenant transaction (`transaction`) overrides all
 * three for itself with `set_config(…, true)` and never changes what the connection keeps.
 *
 * So a read of the tenant whose settings the connection already holds sends its statements only, as
 * a server without tenants would; one that finds another tenant's (or the owner's) sends one
 * statement first. PGlite has no such pool: its reads stay tenant transactions (tenant-db.ts).
 */
export interface SessionSettings {
  /** `work` on one connection of `db` that holds `settings`; what `work` runs elsewhere asks for its own. */
  withSettings<T>(
    db: Kysely<unknown>,
    settings: Settings,
    work: (connection: Kysely<unknown>) => Promise<T>,
  ): Promise<T>;
  /** `work` in a transaction of `db` on any connection, whatever it holds: the transaction sets its own. */
  transaction<T>(db: Kysely<unknown>, work: (trx: Transaction<unknown>) => Promise<T>): Promise<T>;
  /**
   * A connection of the pool holding the owner's settings, taken outside Kysely (the caller releases it):
   * for what Kysely cannot send, a COPY stream (the tenant move, tenancy/move/copy.ts).
   */
  ownerClient(): Promise<PostgresPoolClient>;
}

export interface SettingsPool {
  pool: Pool;
  settings: SessionSettings;
}

export function sessionSettingsPool(pool: Pool): SettingsPool {
  const asked = new AsyncLocalStorage<Settings | typeof ANY>();
  // What each connection holds; a connection not in it holds the owner's (a new one, or one whose
  // last settings statement failed and was dropped from the pool).
  const held = new WeakMap<PostgresPoolClient, string>();

  async function connect(): Promise<PostgresPoolClient> {
    const client = await pool.connect();
    const wanted = asked.getStore() ?? OWNER;
    if (wanted === ANY) return client;
    const key = keyOf(wanted);
    if ((held.get(client) ?? keyOf(OWNER)) === key) return client;
    try {
      // Literals: the values are the platform's own (tenant-db.ts checks a tenant id's shape), and a
      // statement without parameters is one simple-query message.
      await client.query(settingsStatement(wanted), []);
      held.set(client, key);
      return client;
    } catch (error) {
      held.delete(client);
      client.release(true);
      throw error;
    }
  }

  return {
    pool: { options: pool.options, Client: pool.Client, end: () => pool.end(), connect },
    settings: {
      withSettings: (db, settings, work) =>
        // The connection is taken under the request; the work's own checkouts are the work's.
        asked.run(settings, () => db.connection().execute((connection) => asked.exit(() => work(connection)))),
      transaction: (db, work) => asked.run(ANY, () => db.transaction().execute((trx) => asked.exit(() => work(trx)))),
      // outside any request's settings: the owner's, whatever work it is called from
      ownerClient: () => asked.exit(connect),
    },
  };
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

function settingsStatement(settings: Settings): string {
  const sets = Object.entries(settings).map(
    ([name, value]) => `set_config(${literal(name)}, ${literal(value)}, false)`,
  );
  return `select ${sets.join(', ')}`;
}

const registry = new WeakMap<object, SessionSettings>();

/** Tells tenant-db.ts that `db` keeps settings per connection (postgres.ts registers its pool). */
export function registerSessionSettings(db: object, settings: SessionSettings): void {
  registry.set(db, settings);
}

/** The session settings of `db`'s pool, or undefined where there is none (PGlite). */
export const sessionSettingsOf = (db: object): SessionSettings | undefined => registry.get(db);
