import { sql } from 'kysely';
import { expect } from 'vitest';
import { createSealer } from '../../src/platform/auth/sealed-secrets.ts';
import { type OpenDatabase, openDatabase } from '../../src/platform/db/database.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createDatabase, onServer } from './migrated-once.ts';
import { TEST_SEALING_KEY, type TestApp } from './test-app.ts';

export interface SecondDatabase {
  /** The datasource naming it. */
  datasourceId: string;
  /** Its database's name on the test server. */
  name: string;
  url: string;
  /** Binds these tenants (without rows yet) to it through the tenant screen's endpoint, which migrates it. */
  bind(...tenantIds: string[]): Promise<void>;
  /** The owner connection to it (after a binding migrated it). */
  db(): Promise<OpenDatabase['db']>;
  /** Closes the owner connection (`db()` opens it again). */
  disconnect(): Promise<void>;
  /** Takes the database away as its server stopping would: no new connections, every open one ended. */
  cutOff(): Promise<void>;
  /** Lets connections in again (after `cutOff`). */
  restore(): Promise<void>;
  /** Closes the connection and drops the database. */
  drop(): Promise<void>;
}

/**
 * A second, empty database on the test PostgreSQL (TEST_DATABASE_URL), named uniquely, and a
 * datasource of the test server naming it (`label`, its password sealed as the datasource screen
 * seals it): tenants bound to it are served from it (issue 24).
 */
export async function secondDatabase(t: TestApp, label = 'second'): Promise<SecondDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('a second database needs TEST_DATABASE_URL');
  const { name, url } = await createDatabase(serverUrl, 'cw_tenantdb');
  const server = new URL(serverUrl);
  const datasourceId = nextId();
  const password = createSealer(TEST_SEALING_KEY).seal(decodeURIComponent(server.password) || 'unused');
  await sql`insert into blade_datasource (id, name, driver_class, url, username, password)
    values (${datasourceId}, ${label}, 'org.postgresql.Driver', ${`jdbc:postgresql://${server.host}/${name}`},
            ${decodeURIComponent(server.username)}, ${password})`.execute(t.database.db);
  let open: OpenDatabase | undefined;
  const disconnect = async () => {
    await open?.close();
    open = undefined;
  };
  return {
    datasourceId,
    name,
    url,
    async bind(...tenantIds) {
      for (const tenantId of tenantIds) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/blade-system/tenant/datasource?tenantId=${tenantId}&datasourceId=${datasourceId}`,
          headers: t.auth(),
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    },
    async db() {
      open ??= await openDatabase({ url });
      return open.db;
    },
    disconnect,
    async cutOff() {
      await disconnect();
      await onServer(serverUrl, `alter database ${name} allow_connections false`);
      await onServer(
        serverUrl,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
    },
    restore: () => onServer(serverUrl, `alter database ${name} allow_connections true`),
    async drop() {
      await disconnect();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
