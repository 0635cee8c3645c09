import fs from 'node:fs';
import { inject } from 'vitest';
import { migrations } from '../../src/migrations/index.ts';
import { type OpenDatabase, openDatabase } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { createDatabase, onServer } from './migrated-once.ts';

let pgliteImage: Blob | undefined;

/**
 * A fresh, migrated database for one test file: PGlite in memory, or (TEST_DB=postgres) a new
 * database on the TEST_DATABASE_URL server, dropped when the file is done. Each is a copy of the one
 * the project's global setup migrated (support/migrated-once.ts); `migrate` then finds nothing to do.
 */
export async function freshDatabase(): Promise<OpenDatabase & { url?: string }> {
  if (process.env.TEST_DB !== 'postgres') {
    pgliteImage ??= new Blob([fs.readFileSync(inject('pgliteImage'))]);
    const database = await openDatabase({ memory: true, image: pgliteImage });
    await migrate(database.db, migrations);
    return database;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const { name, url } = await createDatabase(serverUrl, 'cw_test', inject('postgresTemplate'));
  const database = await openDatabase({ url });
  await migrate(database.db, migrations);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
