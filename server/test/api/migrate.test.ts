import { type KyselyPlugin, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/migrations/index.ts';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import type { AnyDb } from '../../src/platform/tenancy/tenant-db.ts';
import { freshDatabase } from '../support/database.ts';

let database: OpenDatabase;
beforeAll(async () => {
  database = await freshDatabase(); // migrated once already
});
afterAll(() => database.close());

/** The database, and the statements sent through it (their query trees, as JSON). */
function recorded(db: AnyDb): { db: AnyDb; sent: string[] } {
  const sent: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      sent.push(JSON.stringify(args.node, (_, v) => (typeof v === 'bigint' ? String(v) : v)));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(recorder), sent };
}

const addedTable: Migration = {
  up: (db) => db.schema.createTable('test_migrate_added').addColumn('id', 'integer').execute(),
};

// Kysely's migrator (which reads the columns of every table to learn whether its own exists) takes
// its lock first: a statement on the lock table says it ran.
const migratorRan = (sent: string[]) => sent.some((s) => s.includes('kysely_migration_lock'));

describe('migrate', () => {
  it('applies nothing to a database that has exactly these migrations, without the migrator', async () => {
    const { db, sent } = recorded(database.db);
    expect(await migrate(db, migrations)).toEqual([]);
    expect(migratorRan(sent)).toBe(false);
  });

  it('applies a new migration, then sees the database up to date', async () => {
    const more = { ...migrations, '9999_test_added': addedTable };
    const first = recorded(database.db);
    expect(await migrate(first.db, more)).toEqual(['9999_test_added']);
    expect(migratorRan(first.sent)).toBe(true);
    await sql`select id from test_migrate_added`.execute(database.db);
    const { db, sent } = recorded(database.db);
    expect(await migrate(db, more)).toEqual([]);
    expect(migratorRan(sent)).toBe(false);
  });

  it('refuses a database migrated by a newer version (a migration it does not know)', async () => {
    // the database now holds 9999_test_added, which this list lacks
    await expect(migrate(database.db, migrations)).rejects.toThrow(/9999_test_added/);
  });

  it('grants nothing to a database that is up to date and whose app role holds its grants', async () => {
    const { db, sent } = recorded(database.db);
    await migrate(db, { ...migrations, '9999_test_added': addedTable });
    expect(sent.filter((s) => /grant |create role/i.test(s))).toEqual([]);
  });

  it('grants the app role every table again when a restore lost its grants, though nothing was applied', async () => {
    await sql`create table test_migrate_later (id integer)`.execute(database.db);
    await sql`revoke all on all tables in schema public from blade_app`.execute(database.db);
    const more = { ...migrations, '9999_test_added': addedTable };
    expect(await migrate(database.db, more)).toEqual([]);
    const { rows } = await sql<{ granted: boolean }>`
      select bool_and(has_table_privilege('blade_app', c.oid, 'select, insert, update, delete')) as granted
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'`.execute(database.db);
    expect(rows[0]?.granted).toBe(true);
  });
});
