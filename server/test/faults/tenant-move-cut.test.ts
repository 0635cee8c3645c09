import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from '../../src/platform/db/database.ts';
import { freshDatabase } from '../support/database.ts';
import { createTenant } from '../support/factories.ts';
import { createDatabase } from '../support/migrated-once.ts';
import { client, type ServerProcess, signIn, startServer } from '../support/server-process.ts';
import { rowCounts, tenantSnapshot } from '../support/tenant-rows.ts';
import {
  endConnections,
  endTwoDatabases,
  expectWhole,
  refuelTarget,
  type Stream,
  streamRefuels,
  submitDatasource,
  tenantAdminToken,
} from './documents.ts';

// Moving a tenant between databases (issue 24) while the second database stops: once mid-copy, once
// right after the switch. A real server process, its tenant writing refuels throughout. Whatever the
// moment, the tenant is served whole from the database its binding names, every acknowledged write is
// there once, and the next move (which first deletes what a failed one left) ends with equal rows.
const PASSWORD = 'fault-admin-password';
const TENANT = '740001';
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
// a real server, thousands of rows moved twice, every acknowledged refuel read back: longer than the default
const MOVES_MS = 120_000;
const MOVING =
  "This tenant's data is being moved to another database and cannot be changed now, please try again shortly";
let main: OpenDatabase & { url?: string };
let second: { name: string; url: string };
let secondDb: OpenDatabase | undefined;
let server: ServerProcess;
let killer: pg.Client;
let api: ReturnType<typeof client>;
let adminToken: string;
let token: string;
let datasourceId: string;

beforeAll(async () => {
  main = await freshDatabase();
  second = await createDatabase(serverUrl, 'cw_tenantdb');
  // small batches: the copy of a few thousand rows takes long enough to be cut in its middle
  server = await startServer({
    ADMIN_PASSWORD: PASSWORD,
    DATABASE_URL: main.url!,
    DATA_DIR: '',
    TENANT_MOVE_BATCH_ROWS: '40',
  });
  killer = new pg.Client({ connectionString: serverUrl });
  await killer.connect();
  api = client(server.url);
  adminToken = (await signIn(api, 'admin', PASSWORD)).access_token;
  token = await tenantWithData();
  datasourceId = await submitDatasource(api, adminToken, second.name);
});

afterAll(() => endTwoDatabases({ server, killer, secondDb, main, second }, serverUrl));

/** A tenant of the main database with an administrator, its dictionaries and 2 000 depts; its token. */
async function tenantWithData(): Promise<string> {
  await createTenant(main.db, TENANT);
  await sql`insert into blade_dept (id, tenant_id, dept_name, full_name)
    select 7400000000 + g, ${TENANT}, 'Dept ' || g, 'Dept ' || g from generate_series(1, 2000) g`.execute(main.db);
  return tenantAdminToken(api, main.db, main.db, TENANT, PASSWORD);
}

interface Progress {
  step: string;
  rowsDone: number;
  message: string;
}
const progress = async () =>
  (
    (await (await api.call(`/api/blade-system/tenant/datasource-move?tenantId=${TENANT}`, {}, adminToken)).json()) as {
      data: Progress | null;
    }
  ).data;
const bind = async (to: string) => {
  const res = await api.call(
    `/api/blade-system/tenant/datasource?tenantId=${TENANT}&datasourceId=${to}`,
    { method: 'POST' },
    adminToken,
  );
  expect(res.status, await res.clone().text()).toBe(200);
};
const until = async (done: (p: Progress | null) => boolean) => {
  for (let i = 0; i < 3000; i++) {
    const p = await progress();
    if (done(p)) return p!;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the move did not get there: ${JSON.stringify(await progress())}`);
};
const ended = () => until((p) => p?.step === 'done' || p?.step === 'failed');
const bindingOf = async () =>
  (
    await sql<{
      d: string | null;
    }>`select cast(datasource_id as text) as d from blade_tenant where tenant_id = ${TENANT}`.execute(main.db)
  ).rows[0]?.d ?? null;

/** Stops the second database: no new connection, every open one ended. */
async function stopSecond() {
  await killer.query(`alter database ${second.name} allow_connections false`);
  await endConnections(killer, second.name);
}
async function startSecond() {
  await killer.query(`alter database ${second.name} allow_connections true`);
  // the server tries a database it could not open again after 2 s
  await new Promise((r) => setTimeout(r, 2100));
}

/** Refuels written throughout `during`: each answer 200, or 503 saying why (moving, or the database down). */
async function writingThrough(target: Awaited<ReturnType<typeof refuelTarget>>, during: () => Promise<void>) {
  let stop = false;
  const writes = streamRefuels(api, token, target, () => stop, 1);
  try {
    await during();
  } finally {
    stop = true;
  }
  const stream: Stream = await writes;
  expect(
    stream.statuses.filter((s) => s !== 200 && s !== 503),
    server.output(),
  ).toEqual([]);
  return stream;
}

/** The tenant whole where its binding says, nothing of it in the other database but what a later move deletes. */
async function expectServedWhole(acknowledged: string[], expectedRows: Record<string, string>) {
  secondDb ??= await openDatabase({ url: second.url });
  const served = (await bindingOf()) === datasourceId ? secondDb.db : main.db;
  expect(await tenantSnapshot(served, TENANT)).toEqual(expectedRows);
  await expectWhole(api, token, acknowledged);
}

describe('moving a tenant while the second database stops', () => {
  it(
    'mid-copy: the tenant stays whole on the main database, and the next move ends equal',
    async () => {
      const target = await refuelTarget(api, token);
      const acknowledged: string[] = [];
      const stream = await writingThrough(target, async () => {
        await bind(datasourceId);
        await until((p) => p?.step === 'copy' && p.rowsDone > 0);
        await stopSecond();
        const failed = await ended();
        expect(failed.step).toBe('failed');
      });
      acknowledged.push(...stream.acknowledged);
      await startSecond();
      expect(await bindingOf()).toBeNull();
      const before = await tenantSnapshot(main.db, TENANT);
      expect(rowCounts(before)).toMatchObject({ blade_dept: 2000, wh_refuel: acknowledged.length });
      await expectServedWhole(acknowledged, before);

      // again, the database up: what the failed move left there is deleted first, then all is copied once
      const again = await writingThrough(target, async () => {
        await bind(datasourceId);
        expect(await ended()).toMatchObject({ step: 'done' });
      });
      acknowledged.push(...again.acknowledged);
      if (again.unavailable) expect(again.unavailable).toMatchObject({ code: 503, msg: MOVING });
      expect(await bindingOf()).toBe(datasourceId);
      const moved = await tenantSnapshot(secondDb!.db, TENANT);
      expect(rowCounts(moved)).toMatchObject({ blade_dept: 2000, wh_refuel: acknowledged.length });
      expect(rowCounts(await tenantSnapshot(main.db, TENANT))).toEqual({});
      await expectServedWhole(acknowledged, moved);
    },
    MOVES_MS,
  );

  it(
    'right after the switch: the main database serves it whole, the rows left behind are never served',
    async () => {
      const target = await refuelTarget(api, token);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from wh_refuel where tenant_id = ${TENANT}`.execute(secondDb!.db);
      const acknowledged: string[] = [];
      const stream = await writingThrough(target, async () => {
        await bind('0');
        await until((p) => ['switch', 'cleanup', 'done', 'failed'].includes(p?.step ?? ''));
        await stopSecond();
        await ended();
      });
      acknowledged.push(...stream.acknowledged);
      // the binding decides: the switch may have been reached before the stop or not
      const served = await bindingOf();
      await startSecond();
      const servedDb = served === null ? main.db : secondDb!.db;
      const now = await tenantSnapshot(servedDb, TENANT);
      expect(rowCounts(now)).toMatchObject({ blade_dept: 2000, wh_refuel: rows[0]!.n + acknowledged.length });
      await expectServedWhole(acknowledged, now);
      // a write goes where the binding says, and the next move ends equal
      const after = await streamRefuels(api, token, target, (s) => s.statuses.length > 0, 1);
      expect(after.statuses).toEqual([200]);
      await bind(served === null ? datasourceId : '0');
      expect(await ended()).toMatchObject({ step: 'done' });
      const finalDb = served === null ? secondDb!.db : main.db;
      const final = await tenantSnapshot(finalDb, TENANT);
      expect(rowCounts(final)).toMatchObject({ wh_refuel: rows[0]!.n + acknowledged.length + 1 });
      expect(rowCounts(await tenantSnapshot(servedDb, TENANT))).toEqual({});
    },
    MOVES_MS,
  );
});
