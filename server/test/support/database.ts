import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrations } from '../../src/migrations/index.ts';
import { type OpenDatabase, openDatabase } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or (TEST_DB=postgres) a new
 * database on the TEST_DATABASE_URL server, dropped when the file is done.
 */
export async function freshDatabase(): Promise<OpenDatabase & { url?: string }> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({ memory: true });
    await migrate(database.db, migrations);
    return database;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `cw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrate(database.db, migrations);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
