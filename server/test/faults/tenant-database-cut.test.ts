import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from '../../src/platform/db/database.ts';
import { freshDatabase } from '../support/database.ts';
import { createTenant } from '../support/factories.ts';
import { createDatabase } from '../support/migrated-once.ts';
import { client, type ServerProcess, signIn, startServer } from '../support/server-process.ts';
import {
  endConnections,
  endTwoDatabases,
  expectWhole,
  refuelTarget,
  streamRefuels,
  submitDatasource,
  tenantAdminToken,
} from './documents.ts';

// Tenants over two databases (issue 24): the connections to the second one are ended under load,
// as its server stopping or a network cut would. Its tenant's calls answer 503 naming it (never
// 500), the main database's tenant is served throughout, and every acknowledged write is there after.
const PASSWORD = 'fault-admin-password';
const BOUND = '720001';
const LOAD_MS = 2500;
const CUT_EVERY_MS = 150;
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
let main: OpenDatabase & { url?: string };
let second: { name: string; url: string };
let secondDb: OpenDatabase | undefined;
let server: ServerProcess;
let killer: pg.Client;

beforeAll(async () => {
  main = await freshDatabase();
  second = await createDatabase(serverUrl, 'cw_tenantdb');
  server = await startServer({ ADMIN_PASSWORD: PASSWORD, DATABASE_URL: main.url!, DATA_DIR: '' });
  killer = new pg.Client({ connectionString: serverUrl });
  await killer.connect();
});

afterAll(() => endTwoDatabases({ server, killer, secondDb, main, second }, serverUrl));

/** Binds a new tenant to the second database through the API, and makes its administrator there. */
async function boundTenant(api: ReturnType<typeof client>, adminToken: string): Promise<string> {
  const datasourceId = await submitDatasource(api, adminToken, second.name);
  await createTenant(main.db, BOUND);
  const bind = await api.call(
    `/api/blade-system/tenant/datasource?tenantId=${BOUND}&datasourceId=${datasourceId}`,
    { method: 'POST' },
    adminToken,
  );
  expect(bind.status, await bind.clone().text()).toBe(200);
  // binding migrated it and copied the menus: the tenant's administrator holds every one, there only
  secondDb = await openDatabase({ url: second.url });
  return tenantAdminToken(api, secondDb.db, main.db, BOUND, PASSWORD);
}

/** Ends every connection to the second database: answers how many were ended. */
async function cutConnections(): Promise<number> {
  return endConnections(killer, second.name);
}

/** The platform administrator's api-log list of every tenant, over and over until `done`. */
async function platformLists(
  api: ReturnType<typeof client>,
  token: string,
  done: (answers: { status: number }[]) => boolean,
) {
  const answers: { status: number; unavailable?: string[]; bound: boolean }[] = [];
  while (!done(answers)) {
    const res = await api.call('/api/blade-log/api/list?size=50', {}, token);
    const body = (await res.json()) as { data?: { unavailable?: string[]; records?: { tenantId?: string }[] } };
    answers.push({
      status: res.status,
      unavailable: body.data?.unavailable,
      bound: Boolean(body.data?.records?.some((r) => r.tenantId === BOUND)),
    });
  }
  return { answers };
}

describe('a tenant database whose connections end under load', () => {
  it('answers 503 naming it to its tenant only, serves the main database’s throughout, and loses nothing', async () => {
    const api = client(server.url);
    const { access_token: adminToken } = await signIn(api, 'admin', PASSWORD);
    const token = await boundTenant(api, adminToken);
    const target = await refuelTarget(api, token);
    const mainTarget = await refuelTarget(api, adminToken);

    const until = Date.now() + LOAD_MS;
    let cuts = 0;
    const cutter = (async () => {
      while (Date.now() < until) {
        cuts += await cutConnections();
        await new Promise((r) => setTimeout(r, CUT_EVERY_MS));
      }
    })();
    const [writes, mainWrites, lists] = await Promise.all([
      streamRefuels(api, token, target, () => Date.now() >= until),
      streamRefuels(api, adminToken, mainTarget, () => Date.now() >= until, 2),
      platformLists(api, adminToken, () => Date.now() >= until),
      cutter,
    ]);

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(cuts).toBeGreaterThan(0);
    expect(
      writes.statuses.filter((s) => s !== 200 && s !== 503),
      server.output(),
    ).toEqual([]);
    expect(writes.statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(writes.unavailable).toMatchObject({
      code: 503,
      msg: "This tenant's database second is unavailable, please try again shortly",
    });
    // the other database's tenant never noticed
    expect(new Set(mainWrites.statuses)).toEqual(new Set([200]));
    // the platform administrator's list of every tenant's log answered each time, naming the database when it lacked it
    expect(lists.answers.length).toBeGreaterThan(0);
    expect(
      lists.answers.filter((a) => a.status !== 200 || (a.unavailable && a.unavailable.join() !== 'second')),
      server.output(),
    ).toEqual([]);
    // and, the database back, its tenant's rows among them (their log rows are written within a second or so)
    const deadline = Date.now() + 10_000;
    const listed = await platformLists(
      api,
      adminToken,
      (answers) => Date.now() > deadline || (answers.at(-1) as { bound?: boolean } | undefined)?.bound === true,
    );
    expect(listed.answers.at(-1)).toEqual({ status: 200, unavailable: undefined, bound: true });

    const after = await streamRefuels(api, token, target, (s) => s.statuses.length > 0, 1);
    expect(after.statuses).toEqual([200]);
    await expectWhole(api, token, [...writes.acknowledged, ...after.acknowledged]);
    await expectWhole(api, adminToken, mainWrites.acknowledged);
    // and the bound tenant's refuels are in its database, none in the main one
    const { rows } = await sql`select count(*)::int as n from wh_refuel where tenant_id = ${BOUND}`.execute(main.db);
    expect(rows[0]).toEqual({ n: 0 });
  });
});
