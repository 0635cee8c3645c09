import { isConnectionLost } from '../db/connection-errors.ts';
import { isReachable, type OpenDatabase } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import {
  type AnyDb,
  type AnyTrx,
  connectionBypassesRls,
  createTenantDb,
  type TenantDatabase,
  type TenantDb,
} from './tenant-db.ts';

/** How long the bindings are kept before they are read again (another instance may have bound a tenant). */
const BINDINGS_MS = 30_000;
/** A database that could not be opened is tried again after this; until then its tenants answer 503 at once. */
const RETRY_MS = 2_000;
const DEFAULT_IDLE_MS = 5 * 60_000;
/** How often the platform copies of open databases are compared with the main database's (a checksum a table). */
const REFRESH_MS = 60_000;
/** A database that does not answer health's query within this is down (health answers within 3 s). */
const STATE_MS = 2_500;

function answersWithin(check: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([check.catch(() => false), late]).finally(() => clearTimeout(timer));
}

/** Where the tenants bound to other databases are, supplied by the module that keeps tenants and datasources. */
export interface TenantDatabaseSource {
  /** Every tenant kept outside the main database, with the key of its database (its datasource id). */
  bindings(): Promise<Map<string, string>>;
  /** The name a database is shown under (its datasource's) and its URL, password included. */
  connection(key: string): Promise<{ name: string; url: string }>;
}

export interface TenantDatabaseOptions {
  source: TenantDatabaseSource;
  /** Opens a database (openDatabase; the tests' may count). */
  open(url: string): Promise<OpenDatabase>;
  /** Brings a database's schema and platform copies up to the main one's, each time it is opened (`key`: its datasource). */
  prepare(db: AnyDb, key: string): Promise<void>;
  /** Brings an open database's platform copies up to the main one's: every REFRESH_MS, and when caches are cleared. */
  refresh?(db: AnyDb): Promise<void>;
  /** A database unused this long is closed; the next call opens it again. */
  idleMs?: number;
  warn?(message: string): void;
}

/** A tenant database the router has open: the tenant transaction mechanism on it. */
export interface OpenTenantDatabase {
  key: string;
  name: string;
  tenantDb: TenantDb;
  db: AnyDb;
}

export interface TenantDatabases {
  /** The database a tenant's rows are in, opened on demand; null for the main one (no lookup while cached). */
  of(tenantId: string): Promise<OpenTenantDatabase | null>;
  /** Runs `work` on a tenant's database, counting it as in use; its lost connections become a 503 naming it. */
  use<T>(database: OpenTenantDatabase, work: () => Promise<T>): Promise<T>;
  /** Keeps a database open (not closed idle) until the answered release is called: a tenant's move. */
  hold(database: OpenTenantDatabase): () => void;
  /** Opens (migrating it) the database of this key now: at start, and when a tenant is bound to it. */
  open(key: string): Promise<OpenTenantDatabase>;
  /** Forgets the bindings: the next call reads them again (a tenant bound or unbound). */
  forget(): void;
  /** Every database some tenant is bound to, by name, and whether it answers (health). */
  states(): Promise<{ name: string; up: boolean }[]>;
  /** The databases tenants are bound to, opened (cross-database work: log retention); those down are skipped. */
  all(): Promise<OpenTenantDatabase[]>;
  /** The same, and the names of those that could not be opened (cross-tenant lists say which are missing). */
  spread(): Promise<{ open: OpenTenantDatabase[]; down: string[] }>;
  /** Whether the database of this key is open now. */
  isOpen(key: string): boolean;
  close(): Promise<void>;
}

/** A tenant database that does not answer: its tenants get this, every other tenant is served. */
export const tenantDatabaseDown = (name: string) => new AppError(503, 'error.unavailable.tenantDatabase', { name });

interface Entry {
  database: OpenTenantDatabase;
  handle: OpenDatabase;
  active: number;
  lastUsed: number;
  refreshing?: Promise<void>;
  again?: boolean;
}

/**
 * One pool per tenant database, opened on demand and closed when idle, and the bindings of tenants
 * to them (read once, kept BINDINGS_MS or until forgotten), so that a tenant of the main database
 * costs nothing beyond a map lookup.
 */
export function createTenantDatabases(options: TenantDatabaseOptions): TenantDatabases {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const entries = new Map<string, Entry>();
  const opening = new Map<string, Promise<Entry>>();
  const failedAt = new Map<string, { at: number; name: string }>();
  // The bindings as last read; past BINDINGS_MS they are still answered while a read runs behind
  // them (no request waits on it). `forget` drops them: the next call waits for a fresh read, and a
  // read begun before it is not kept (`generation`).
  let bindings: Map<string, string> | null = null;
  let until = 0;
  let generation = 0;
  let loading: { generation: number; map: Promise<Map<string, string>> } | null = null;
  let closed = false;

  const reload = () => {
    if (loading?.generation !== generation) {
      const started = generation;
      const map = options.source.bindings().then((read) => {
        if (started === generation) {
          bindings = read;
          until = Date.now() + BINDINGS_MS;
        }
        return read;
      });
      loading = { generation: started, map };
      void map
        .finally(() => {
          if (loading?.map === map) loading = null;
        })
        .catch(() => undefined);
    }
    return loading!.map;
  };
  const readBindings = async (): Promise<Map<string, string>> => {
    if (!bindings) return reload();
    if (until < Date.now()) reload().catch((error: Error) => options.warn?.(`tenant bindings: ${error.message}`));
    return bindings;
  };

  async function openEntry(key: string): Promise<Entry> {
    let name = key;
    let handle: OpenDatabase | undefined;
    try {
      const connection = await options.source.connection(key);
      name = connection.name;
      handle = await options.open(connection.url);
      await options.prepare(handle.db, key);
      const tenantDb = createTenantDb(handle.db, await connectionBypassesRls(handle.db));
      failedAt.delete(key);
      return { database: { key, name, tenantDb, db: handle.db }, handle, active: 0, lastUsed: Date.now() };
    } catch (error) {
      await handle?.close().catch(() => undefined);
      failedAt.set(key, { at: Date.now(), name });
      options.warn?.(`tenant database ${name} could not be opened: ${(error as Error).message}`);
      throw tenantDatabaseDown(name);
    }
  }

  async function entryOf(key: string): Promise<Entry> {
    const open = entries.get(key);
    if (open) return open;
    const failed = failedAt.get(key);
    if (failed && Date.now() - failed.at < RETRY_MS) throw tenantDatabaseDown(failed.name);
    let pending = opening.get(key);
    if (!pending) {
      pending = openEntry(key).then((entry) => {
        if (closed) {
          void entry.handle.close();
          throw tenantDatabaseDown(entry.database.name);
        }
        entries.set(key, entry);
        return entry;
      });
      opening.set(key, pending);
      void pending.finally(() => opening.delete(key)).catch(() => undefined);
    }
    return pending;
  }

  // One refresh at a time per database; one asked for meanwhile runs after it (it may have read the
  // main database before the change that asked).
  const refreshOne = (entry: Entry): void => {
    if (!options.refresh) return;
    if (entry.refreshing) {
      entry.again = true;
      return;
    }
    // in use while it runs: the idle sweep leaves it open
    entry.active++;
    entry.refreshing = options
      .refresh(entry.database.db)
      .catch((error: Error) => options.warn?.(`tenant database ${entry.database.name}: ${error.message}`))
      .finally(() => {
        entry.active--;
        entry.lastUsed = Date.now();
        entry.refreshing = undefined;
        if (entry.again && !closed) {
          entry.again = false;
          refreshOne(entry);
        }
      });
  };
  const refreshAll = () => {
    for (const entry of entries.values()) refreshOne(entry);
  };
  const refresher = setInterval(refreshAll, REFRESH_MS).unref();

  const sweep = setInterval(
    () => {
      for (const [key, entry] of entries) {
        if (entry.active === 0 && Date.now() - entry.lastUsed >= idleMs) {
          entries.delete(key);
          void entry.handle.close().catch(() => undefined);
        }
      }
    },
    Math.max(50, Math.min(idleMs / 2, 30_000)),
  ).unref();

  async function spread() {
    const keys = [...new Set((await readBindings()).values())];
    const opened = await Promise.allSettled(keys.map((key) => entryOf(key)));
    return {
      open: opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value.database] : [])),
      down: keys.filter((_, i) => opened[i]!.status === 'rejected').map((key) => failedAt.get(key)?.name ?? key),
    };
  }

  return {
    async of(tenantId) {
      const key = (await readBindings()).get(tenantId);
      if (!key) return null;
      const entry = await entryOf(key);
      entry.lastUsed = Date.now();
      return entry.database;
    },
    async use(database, work) {
      const entry = entries.get(database.key);
      if (entry) entry.active++;
      try {
        return await work();
      } catch (error) {
        throw isConnectionLost(error) ? tenantDatabaseDown(database.name) : error;
      } finally {
        if (entry) {
          entry.active--;
          entry.lastUsed = Date.now();
        }
      }
    },
    hold(database) {
      const entry = entries.get(database.key);
      if (!entry) return () => undefined;
      entry.active++;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        entry.active--;
        entry.lastUsed = Date.now();
      };
    },
    open: async (key) => {
      failedAt.delete(key);
      return (await entryOf(key)).database;
    },
    forget: () => {
      generation++;
      bindings = null;
      // a cleared cache follows a change of the platform's tables (a menu, a tenant disabled)
      refreshAll();
    },
    async states() {
      const keys = [...new Set((await readBindings()).values())];
      return Promise.all(
        keys.map(async (key) => {
          try {
            const entry = await entryOf(key);
            return { name: entry.database.name, up: await answersWithin(isReachable(entry.database.db), STATE_MS) };
          } catch {
            return { name: failedAt.get(key)?.name ?? key, up: false };
          }
        }),
      );
    },
    all: async () => (await spread()).open,
    spread,
    isOpen: (key) => entries.has(key),
    async close() {
      closed = true;
      clearInterval(sweep);
      clearInterval(refresher);
      await Promise.allSettled([...entries.values()].map((e) => e.refreshing));
      await Promise.allSettled([...opening.values()]);
      await Promise.all([...entries.values()].map((e) => e.handle.close().catch(() => undefined)));
      entries.clear();
    },
  };
}

// Transactions and connections of tenant databases other than the main one (sessions.ts writes
// revocations, which every instance reads from the main database, outside them).
const routed = new WeakSet<object>();

/** True when this transaction (or read connection) is on a tenant database, not the main one. */
export const isRoutedTransaction = (trx: object) => routed.has(trx);

/**
 * The tenant transaction mechanism over several databases: each tenant's work runs on the database
 * its tenant is bound to, under the same policies; a tenant of the main database runs exactly as
 * before. Cross-tenant work (`inAllTenants`) sees the main database; `everyDatabase` each of them.
 */
export function routedTenantDb(main: TenantDb, databases: TenantDatabases): TenantDb {
  const on = async <T>(
    tenantId: string,
    work: (trx: AnyTrx) => Promise<T>,
    run: (tenantDb: TenantDb, work: (trx: AnyTrx) => Promise<T>) => Promise<T>,
  ): Promise<T> => {
    const database = await databases.of(tenantId);
    if (!database) return run(main, work);
    return databases.use(database, () =>
      run(database.tenantDb, (trx) => {
        routed.add(trx);
        return work(trx);
      }),
    );
  };
  const mainDatabase: TenantDatabase = { inAllTenants: main.inAllTenants };
  const crossTenant = (database: OpenTenantDatabase): TenantDatabase => ({
    key: database.key,
    name: database.name,
    inAllTenants: (work) =>
      databases.use(database, () =>
        database.tenantDb.inAllTenants((trx) => {
          routed.add(trx);
          return work(trx);
        }),
      ),
  });
  return {
    inTenant: (tenantId, work) => on(tenantId, work, (db, w) => db.inTenant(tenantId, w)),
    readInTenant: (tenantId, work) => on(tenantId, work, (db, w) => db.readInTenant(tenantId, w)),
    inAllTenants: (work) => main.inAllTenants(work),
    async everyDatabase() {
      const { open, down } = await databases.spread();
      return { databases: [mainDatabase, ...open.map(crossTenant)], down };
    },
    async databaseOf(tenantId) {
      const database = await databases.of(tenantId);
      return database ? crossTenant(database) : mainDatabase;
    },
    async withOwner(tenantId, work) {
      const database = await databases.of(tenantId);
      return database ? databases.use(database, () => work(database.db)) : main.withOwner(tenantId, work);
    },
  };
}
