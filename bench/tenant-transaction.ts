import { sql } from 'kysely';
import { migrations } from '../server/src/migrations/index.ts';
import { type OpenDatabase, openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { connectionBypassesRls, createTenantDb } from '../server/src/platform/tenancy/tenant-db.ts';
import { onScratchDatabase } from './support/scratch-database.ts';

// What it costs to run a request's queries inside a tenant transaction (BEGIN with one set_config
// statement for role + tenant, one round trip on PostgreSQL: platform/db/lazy-begin.ts; the queries;
// COMMIT) against the same queries without one.
// Run: node bench/tenant-transaction.ts   (set DATABASE_URL to a PostgreSQL server to measure it too)
const N = 2000;
const QUERIES_PER_REQUEST = [1, 5];

async function measure(label: string, database: OpenDatabase) {
  await migrate(database.db, migrations);
  const tenantDb = createTenantDb(database.db, await connectionBypassesRls(database.db));
  const query = (db: typeof database.db) => sql`select count(*) from blade_user where tenant_id = '000000'`.execute(db);
  for (const perRequest of QUERIES_PER_REQUEST) {
    const time = async (work: () => Promise<unknown>) => {
      for (let i = 0; i < 100; i++) await work(); // warm up
      const began = performance.now();
      for (let i = 0; i < N; i++) await work();
      return ((performance.now() - began) * 1000) / N;
    };
    const plain = await time(async () => {
      for (let q = 0; q < perRequest; q++) await query(database.db);
    });
    const scoped = await time(() =>
      tenantDb.inTenant('000000', async (trx) => {
        for (let q = 0; q < perRequest; q++) await query(trx);
      }),
    );
    console.log(
      `${label}, ${perRequest} quer${perRequest === 1 ? 'y' : 'ies'}/request: plain ${plain.toFixed(0)} µs, in tenant transaction ${scoped.toFixed(0)} µs (+${(scoped - plain).toFixed(0)} µs per request, not per query)`,
    );
  }
  await database.close();
}

await measure('PGlite (in memory)', await openDatabase({ memory: true }));

// On PostgreSQL, a scratch database is made on the DATABASE_URL server and dropped afterwards.
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  await onScratchDatabase(serverUrl, async (url) => measure('PostgreSQL', await openDatabase({ url })));
}
