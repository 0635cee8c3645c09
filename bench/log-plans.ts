import { migrations } from '../server/src/migrations/index.ts';
import { logSource } from '../server/src/modules/log/list/repository.ts';
import { API_LOG, LOGIN_LOG } from '../server/src/modules/log/list/tables.ts';
import { openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { pageSourceOf } from '../server/src/platform/db/page-across.ts';
import { readPage } from '../server/src/platform/db/paging.ts';
import { pageQuerySchema } from '../server/src/platform/http/query.ts';
import { connectionBypassesRls, createTenantDb } from '../server/src/platform/tenancy/tenant-db.ts';
import { seedPlatform } from '../server/src/seed/platform-seed.ts';
import { fillLogs } from './log-data.ts';
import { onScratchDatabase } from './support/scratch-database.ts';
import { atMost, verdict } from './support/verdict.ts';

// The log screens' pages (issue 20) at a million api log rows on PostgreSQL (DATABASE_URL), in the
// tenant transaction and across every tenant (the platform administrator): median of 20 of each,
// goal 50 ms a page, the lists' goal. Quicker than list-load (no warehouse, no server process).
// Run: DATABASE_URL=postgres://... node bench/log-plans.ts   (BENCH_LOG_ROWS, default 1,000,000)
const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const server = process.env.DATABASE_URL;
if (!server) throw new Error('log-plans measures PostgreSQL: set DATABASE_URL');

const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
const CASES: [string, typeof API_LOG, Record<string, unknown>][] = [
  ['api page 1', API_LOG, {}],
  ['api page 500 of 10', API_LOG, { current: 500 }],
  ['api, a path', API_LOG, { requestUri: 'resource7/' }],
  ['api, an address (contains)', API_LOG, { remoteIp: '10.0.3.5' }],
  ['api, an address (whole, as the screens send it)', API_LOG, { remoteIp_equal: '10.0.3.5' }],
  ['api, GET last week', API_LOG, { method: 'GET', createTime_datege: week }],
  ['login, an account', LOGIN_LOG, { account: 'user7' }],
  ['login, an address (whole)', LOGIN_LOG, { remoteIp_equal: '10.0.0.7' }],
];

await onScratchDatabase(server, async (url) => {
  const database = await openDatabase({ url });
  try {
    await migrate(database.db, migrations);
    await seedPlatform(database.db, 'bench-password-20');
    const began = performance.now();
    await fillLogs(database.db, '000000', ROWS);
    console.log(`${ROWS} api log rows in ${Math.round(performance.now() - began)} ms`);
    const tenantDb = createTenantDb(database.db, await connectionBypassesRls(database.db));
    for (const [scopeName, run] of [
      ['one tenant', (w: Parameters<typeof tenantDb.inTenant>[1]) => tenantDb.inTenant('000000', w)],
      ['all tenants', (w: Parameters<typeof tenantDb.inAllTenants>[0]) => tenantDb.inAllTenants(w)],
    ] as const) {
      for (const [name, table, filters] of CASES) {
        const query = { ...pageQuerySchema.parse({ size: 10, ...filters }), ...filters };
        const scope = scopeName === 'one tenant' ? { tenantId: '000000' } : { allTenants: true as const };
        const times: number[] = [];
        for (let i = 0; i < 20; i++) {
          const t0 = performance.now();
          await run(async (trx) =>
            readPage(pageSourceOf(await logSource(trx, table, scope, query as never)), query as never),
          );
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        const line = `log ${name}, ${scopeName}, median`;
        const where = `PostgreSQL ${ROWS / 1e6}M`;
        // A part of an address is the API's (BladeX clients'), not a screen's: shown, not judged.
        if (name.includes('(contains)')) {
          verdict({ line, where, goal: 'none (API only)', measured: `${times[10]!.toFixed(1)} ms`, pass: null });
        } else atMost(line, where, times[10]!, 50, 'ms');
      }
    }
  } finally {
    await database.close();
  }
});
