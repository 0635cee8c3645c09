import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { buildTenant } from '../../src/modules/system/tenant/creation.ts';
import { tenantInput } from '../../src/modules/system/tenant/schema.ts';
import type { ApiRoute } from '../../src/platform/auth/guard.ts';
import { tenantOwnedTables } from '../../src/platform/db/rls.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import type { AnyDb } from '../../src/platform/tenancy/tenant-db.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { newKioskKey } from '../support/kiosk.ts';
import { type SecondDatabase, secondDatabase } from '../support/second-database.ts';
import { createTestApp, platformAdmin, type TestApp } from '../support/test-app.ts';
import { warehouseApi } from '../support/warehouse.ts';
import { arbitrary, unwrap } from './zod-arbitrary.ts';

/**
 * Every registered API route, fed requests built from its own zod schemas (valid, boundary and
 * hostile values), as a platform administrator, a tenant user, a kiosk (where its key is taken) and
 * without a token. No answer may be a 5xx or leave an error-log row; every answer is the envelope;
 * input that no schema may accept (a NUL byte, an impossible document date) is never answered 2xx.
 * No answer to the tenant user or the kiosk holds a mark of another tenant's rows.
 * FUZZ_SEED picks another seed (`FUZZ_SEED=random` a new one each run); the failing seed and
 * request are printed. Runs on PGlite, and on PostgreSQL with the tenant user's tenant bound to a
 * second database (issue 24): its calls are routed there and the platform administrator's
 * cross-tenant lists merge both databases, and the kiosk is its tenant's (its calls routed there too);
 * afterwards none of its rows is in the main database.
 * The PostgreSQL run samples fewer cases per route (CI's time: what differs there is routing).
 */
const SEED =
  process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_125) || 20_261_125;
const spread = process.env.TEST_DB === 'postgres';
const RUNS = spread
  ? ({ admin: 1, tenant: 2, kiosk: 1, anonymous: 1 } as const)
  : ({ admin: 6, tenant: 4, kiosk: 4, anonymous: 2 } as const);
const TENANT = 'fz0001';
/** A tenant of the main database whose rows carry this mark: no answer to TENANT's callers may hold it. */
const NEIGHBOUR = 'fz0002';
const MARK = 'zqneighbourmark';
/** The same rows in TENANT (the fuzzing user's role and account too): its lists must show them, or the check is vacuous. */
const OWN_MARK = 'zqownmark';
const LIST = /\/(list|page|tree|select)[^/]*$/;

/**
 * Routes that truly take no input (no query, body or path parameters), and the uploads, whose one
 * input is the multipart file the handler reads with its own limits. Any other route without a
 * schema fails the suite.
 */
const NO_INPUT = new Set<string>([
  'GET /api/health',
  'GET /api/blade-auth/oauth/captcha',
  'GET /api/blade-auth/oauth/logout',
  'POST /api/blade-auth/oauth/logout',
  'GET /api/blade-auth/oauth/user-info',
  'GET /api/blade-auth/oauth/clear-cache',
  'GET /api/blade-auth/oauth/linked',
  'GET /api/blade-user/info',
  // SpringBlade's dialect (proto-springblade)
  'GET /api/blade-auth/captcha',
  'POST /api/blade-auth/logout',
  'GET /api/blade-auth/sm2-public-key',
  'GET /api/blade-system/user/info',
  'GET /api/blade-system/menu/buttons',
  'GET /api/blade-system/menu/auth-routes',
  'GET /api/blade-system/menu/top-menu',
  'GET /api/blade-system/menu/grant-tree',
  'GET /api/blade-system/menu/grant-top-tree',
  'GET /api/blade-system/dict/parent-tree',
  'GET /api/blade-system/dict-biz/parent-tree',
  'GET /api/blade-develop/datasource/select',
  'GET /api/blade-warehouse/device/kiosk',
  'GET /api/warehouse/face/allowance',
  'GET /api/warehouse/notice/untreated',
  'GET /api/warehouse/delivery/approval-setting',
  'GET /api/warehouse/report/keyFigures',
  'POST /api/blade-resource/oss/endpoint/put-file',
  'POST /api/blade-resource/oss/endpoint/put-file-attach',
  'POST /api/warehouse/face/faceRecognition',
  'POST /api/blade-flow/manager/check-upload',
  'GET /api/blade-system/region/export-template',
  'GET /api/blade-user/export-template',
  'GET /api/blade-system/user/export-template',
  'GET /api/blade-report/report/rest/datasets',
]);
/** BladeX's OAuth endpoints answer OAuth's shapes (api-contract.md), not the envelope. */
const OAUTH = '/api/blade-auth/oauth/';

type Who = keyof typeof RUNS;
const inputParts = (route: ApiRoute) => {
  const schema = route.schema ?? {};
  return { querystring: schema.querystring, body: schema.body, params: schema.params } as Record<
    string,
    ZodType | undefined
  >;
};
const key = (route: ApiRoute) => `${route.method} ${route.url}`;
/** Who calls a route: a kiosk only where its key is taken. */
const callers = (route: ApiRoute): Who[] => {
  const { access } = route;
  const kiosk = access === 'kiosk' || (typeof access === 'object' && access.kiosk === true);
  return (Object.keys(RUNS) as Who[]).filter((who) => who !== 'kiosk' || kiosk);
};

describe(`route fuzzer${spread ? ', tenants over two PostgreSQL databases' : ''}`, () => {
  let t: TestApp;
  let second: SecondDatabase | undefined;
  /** The databases TENANT's rows may be in: the main one, or the second it is bound to. */
  let tenantDb: AnyDb;
  let tenantUser: Caller;
  let kioskKey: string;
  let kioskDeviceId: string;
  const totals = { routes: 0, cases: 0, ownMarksShown: 0 };
  const started = Date.now();

  beforeAll(async () => {
    t = await createTestApp({ apiDocs: true });
    await createTenant(t.database.db, NEIGHBOUR);
    tenantDb = t.database.db;
    if (spread) {
      // made as tenant management makes one (its business dictionaries: a device type for its kiosk),
      // then moved to the second database with its rows
      await t.app.platform.tenantDb.inTenant(TENANT, (trx) =>
        buildTenant(trx, platformAdmin, TENANT, tenantInput.parse({ tenantName: 'Fuzzed' }), 'Secret-123'),
      );
      second = await secondDatabase(t, 'fuzzed');
      await second.bind(TENANT);
      expect(await moveOf(t, TENANT)).toBe('done');
      tenantDb = await second.db();
    } else {
      await createTenant(t.database.db, TENANT);
    }
    const { rows } = await sql<{ code: string }>`select code from blade_menu where is_deleted = 0`.execute(
      t.database.db,
    );
    const codes = rows.map((r) => r.code);
    tenantUser = await createCaller(tenantDb, TENANT, OWN_MARK, codes);
    await createCaller(t.database.db, NEIGHBOUR, MARK, codes);
    await markRows(t.database.db, NEIGHBOUR, MARK);
    await markRows(tenantDb, TENANT, OWN_MARK);
    // the kiosk's calls are routed as the tenant user's: its tenant's device when spread (on PGlite the
    // platform tenant's: a tenant made by the factories has no device-type dictionary to make one)
    const owner = spread ? await t.authFor(tenantUser) : t.auth();
    const device = await warehouseApi(t, () => owner).device({ name: 'Fuzzed kiosk' });
    kioskKey = await newKioskKey(t, device.id, owner);
    kioskDeviceId = String(device.id);
  }, 120_000);
  afterAll(async () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(
      `route fuzzer: ${totals.routes} routes fuzzed, ${totals.cases} cases run in ${seconds} s (${totals.ownMarksShown} lists showed the tenant its own marked rows), seed ${SEED}`,
    );
    await t?.close();
    await second?.drop();
  });

  it('every route takes its input through a zod schema (or is listed as taking none)', () => {
    const missing = t.app.platform.routes
      .filter((r) => !Object.values(inputParts(r)).some(Boolean) && !NO_INPUT.has(key(r)))
      .map(key);
    expect(missing).toEqual([]);
  });

  it('describes every route in the OpenAPI document, dates as date-time', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const undocumented = t.app.platform.routes
      .filter((r) => !doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()])
      .map(key);
    expect(undocumented).toEqual([]);
    // A generated client names each operation by its operationId: every route has one, and no two share it.
    const ids = t.app.platform.routes.map(
      (r) => doc.paths[r.url.replace(/:(\w+)/g, '{$1}')][r.method.toLowerCase()].operationId,
    );
    expect(ids.filter((id, i) => !id || ids.indexOf(id) !== i)).toEqual([]);
    const refuel = doc.paths['/api/warehouse/refuel/submit'].post.requestBody.content['application/json'].schema;
    // OpenAPI 3.1: a field that may be null is `anyOf: [its schema, {type: 'null'}]`
    const refuelTime = refuel.properties.refuelTime;
    expect(refuelTime.anyOf?.[0] ?? refuelTime).toMatchObject({ format: 'date-time' });
  });

  async function errorLogRows(): Promise<number> {
    let n = 0;
    for (const db of new Set([t.database.db, tenantDb])) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from blade_log_error`.execute(db);
      n += Number(rows[0]?.n ?? 0);
    }
    return n;
  }

  async function headersFor(who: Who): Promise<Record<string, string>> {
    if (who === 'anonymous') return {};
    if (who === 'kiosk') return { 'kiosk-key': kioskKey };
    // A fresh session per case: a fuzzed logout or password change must not end the next case's.
    return t.authFor(who === 'admin' ? platformAdmin : tenantUser);
  }

  function requestArbitrary(route: ApiRoute) {
    const parts = inputParts(route);
    const part = (name: string, mode: 'json' | 'query') => {
      const schema = parts[name];
      return schema ? arbitrary(schema, mode) : fc.constant(undefined);
    };
    return fc.record({
      query: part('querystring', 'query'),
      body: part('body', 'json'),
      params: part('params', 'query'),
    });
  }

  async function runCase(route: ApiRoute, who: Who, generated: { query: unknown; body: unknown; params: unknown }) {
    const query = unwrap(generated.query);
    const body = unwrap(generated.body);
    const params = unwrap(generated.params);
    const paramValues = (params.value ?? {}) as Record<string, unknown>;
    const url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(paramValues[name] ?? 'x')));
    const before = await errorLogRows();
    const hasBody = route.method !== 'GET' && route.schema?.body !== undefined;
    const request = JSON.stringify({ who, method: route.method, url, query: query.value, body: body.value });
    totals.cases++;
    const response = await t.app
      .inject({
        method: route.method as 'GET',
        url,
        query: (query.value ?? {}) as Record<string, string>,
        headers: { ...(await headersFor(who)), 'accept-language': 'en-US' },
        ...(hasBody ? { payload: body.value === undefined ? {} : (body.value as object) } : {}),
      })
      .catch((error: Error) => {
        throw new Error(`${request}\n -> no answer: ${error.message}`);
      });
    const where = `${request}\n -> ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, where).toBeLessThan(500);
    expect(await errorLogRows(), `an error-log row for ${where}`).toBe(before);
    if (who === 'tenant' || who === 'kiosk')
      expect(response.body, `another tenant's rows in ${where}`).not.toContain(MARK);
    if (who === 'tenant' && LIST.test(route.url) && response.body.includes(OWN_MARK)) totals.ownMarksShown++;
    const json = (response.headers['content-type'] ?? '').includes('application/json');
    if (json && route.url.startsWith(OAUTH) && !route.url.endsWith('/user-info')) {
      expect(typeof response.json(), where).toBe('object');
    } else if (json) {
      const answer = response.json();
      expect(typeof answer.code === 'number' && typeof answer.msg === 'string' && 'data' in answer, where).toBe(true);
      expect([answer.code, answer.success], where).toEqual([response.statusCode, response.statusCode === 200]);
    } else {
      expect(response.statusCode, `not an envelope: ${where}`).toBeLessThan(400);
    }
    if (query.mustRefuse || body.mustRefuse || params.mustRefuse) {
      expect(response.statusCode, `hostile input accepted: ${where}`).toBeGreaterThanOrEqual(400);
    }
  }

  it('answers every route without a 5xx, an error-log row or a malformed envelope', async () => {
    // Every route is run; the failures are told together, each with its seed and request.
    const failures: string[] = [];
    for (const route of t.app.platform.routes) {
      totals.routes++;
      for (const who of callers(route)) {
        const property = fc.asyncProperty(requestArbitrary(route), (generated) => runCase(route, who, generated));
        const result = await fc.check(property, { seed: SEED, numRuns: RUNS[who], endOnFailure: true });
        if (result.failed) {
          const cause =
            result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
          failures.push(`${key(route)} as ${who} (seed ${SEED}, path ${result.counterexamplePath}): ${cause}`);
        }
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
    // the same rows of its own tenant are shown to it: the neighbour's would be, were they let through
    expect(totals.ownMarksShown).toBeGreaterThan(0);
  }, 300_000);

  it.skipIf(!spread)("leaves none of the bound tenant's rows in the main database", async () => {
    const found: string[] = [];
    for (const table of await tenantOwnedTables(t.database.db)) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
        where tenant_id = ${TENANT}`.execute(t.database.db);
      if (rows[0]!.n) found.push(`${table}: ${rows[0]!.n}`);
    }
    expect(found).toEqual([]);
    // and its rows are there: the fuzzer's calls did reach its database
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from blade_user
      where tenant_id = ${TENANT}`.execute(tenantDb);
    expect(rows[0]!.n).toBeGreaterThan(0);
    // the kiosk's too: each call's key is checked on the device there, which it marks seen
    const { rows: kiosk } = await sql<{ seen: boolean }>`select last_seen is not null as seen from wh_device
      where tenant_id = ${TENANT} and id = ${kioskDeviceId}`.execute(tenantDb);
    expect(kiosk).toEqual([{ seen: true }]);
  });
});

/** A tenant's rows holding a mark where its lists show it: a department and an api-log entry. */
async function markRows(db: AnyDb, tenantId: string, mark: string) {
  await sql`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort)
    values (${nextId()}, ${tenantId}, 0, '0', 1, ${mark}, ${mark}, 1)`.execute(db);
  await sql`insert into blade_log_api (id, tenant_id, title, request_uri)
    values (${nextId()}, ${tenantId}, ${mark}, ${`/${mark}`})`.execute(db);
}

/** Waits for the tenant's move to end (outside a test, where `expect.poll` may not run); answers its last step. */
async function moveOf(t: TestApp, tenantId: string): Promise<string> {
  for (const until = Date.now() + 60_000; Date.now() < until; ) {
    const res = await t.app.inject({
      url: `/api/blade-system/tenant/datasource-move?tenantId=${tenantId}`,
      headers: t.auth(),
    });
    const step = (res.json().data as { step?: string } | null)?.step;
    if (step === 'done' || step === 'failed') return step;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'still running';
}
