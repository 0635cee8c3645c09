import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptAnswers } from '../../src/modules/warehouse/report/kept.ts';
import { inventoryDetail, inventoryMaterias, materialsPriceCount } from '../../src/modules/warehouse/report/tables.ts';
import { reportBatches, reportPage, type TabularReport } from '../../src/modules/warehouse/report/tabular.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { StreamIdleError, streamQuery } from '../../src/platform/db/stream.ts';
import { streamXlsx } from '../../src/platform/http/xlsx.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Json, warehouseApi } from '../support/warehouse.ts';

// The streamed query under the exports (platform/db/stream.ts): the same rows as the pages, whatever
// the batch; a refused filter answered before the download; a client that leaves or stalls frees
// the connection; and row-level security applies to the cursor's query.
const DEVICES = 3;
const MATERIALS = 20;
const BULK_REFUELS = 40;
let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
let devices: Json[];

/** What a stream holds open: transactions left open on PostgreSQL, cursors on PGlite's one session. */
async function held(): Promise<number> {
  const db = t.database.db;
  if (t.database.kind === 'pglite') {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_cursors where name <> ''`.execute(db);
    return rows[0]!.n;
  }
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and state like 'idle in transaction%'`.execute(db);
  return rows[0]!.n;
}

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await check()).toBe(true);
}

/** What the server logged. */
const lines: string[] = [];
/** What the exports called directly logged. */
const logged: string[] = [];
const log = {
  warn: (message: string) => logged.push(message),
  error: (_: unknown, message: string) => logged.push(message),
} as unknown as FastifyBaseLogger;

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line: string) => void lines.push(line) } });
  api = warehouseApi(t);
  devices = [];
  for (let d = 0; d < DEVICES; d++) devices.push(await api.device({ name: `Stream store ${d}` }));
  const materials: Json[] = [];
  for (let m = 0; m < MATERIALS; m++) materials.push(await api.material({ name: `Part ${m}`, code: `SP-${m}` }));
  for (const device of devices) {
    await api.refuel(
      device.id,
      materials.map((material, i) => ({ materialCodeId: material.id, quantity: String(1 + i), unitPrice: '2' })),
    );
  }
  // 40,000 lines in 40 refuels, written in bulk: a download that takes a while.
  for (let r = 0; r < BULK_REFUELS; r++) {
    const refuelId = nextId();
    await sql`insert into wh_refuel (id, tenant_id, refuel_no, device_id, total_quantity, total_amount)
      values (${refuelId}, '000000', ${`RF-STREAM-${r}`}, ${String(devices[0]!.id)}, 1000, 1000)`.execute(
      t.database.db,
    );
    await sql`insert into wh_refuel_item (id, tenant_id, refuel_id, material_code_id, quantity, unit_price, amount, sort)
      select 8100000000000000000 + ${r * 10000} + g, '000000', ${refuelId}, ${String(materials[0]!.id)}, 1, 1, 1, g
      from generate_series(1, 1000) g`.execute(t.database.db);
  }
  // Another tenant's refuel, written as the owner: the streamed query must never see it.
  await sql`insert into wh_refuel (id, tenant_id, refuel_no, device_id, total_quantity, total_amount)
    values (${nextId()}, '600600', 'RF-OTHER-TENANT', ${String(devices[1]!.id)}, 0, 0)`.execute(t.database.db);
}, 120_000);
afterAll(() => t.close());

describe('a report export', () => {
  const reports: [string, TabularReport<never>, object][] = [
    ['inventoryDetail', inventoryDetail as TabularReport<never>, {}],
    ['inventoryMaterias', inventoryMaterias as TabularReport<never>, {}],
    ['MaterialsPriceCount', materialsPriceCount as TabularReport<never>, { groupBy: 'material' }],
  ];
  it.each(reports)('%s has the pages’ rows in their order, across batches of 7', async (_, report, query) => {
    const platform = t.app.platform;
    const page = await platform.tenantDb.inTenant('000000', (trx) =>
      reportPage(
        trx,
        '000000',
        report,
        { ...query, current: 1, size: 1000 } as never,
        'en-US',
        keptAnswers(platform.results, trx, '000000'),
      ),
    );
    expect(page.records.length).toBeGreaterThan(14);
    const cells: unknown[][] = [];
    for await (const batch of reportBatches(platform, '000000', report, query as never, 'en-US', { batch: 7 })) {
      expect(batch.length).toBeLessThanOrEqual(7);
      cells.push(...batch);
    }
    const [first] = report.columns[0]!;
    const numbers = report.columns.flatMap(([field, , kind], i) => (kind === 'number' ? [[field, i] as const] : []));
    expect(cells.map((row) => row[0])).toEqual(page.records.map((row) => row[first]));
    for (const [field, i] of numbers) {
      expect(cells.map((row) => row[i])).toEqual(
        page.records.map((row) => (row[field] == null ? null : Number(row[field]))),
      );
    }
    expect(await held()).toBe(0);
  });

  it('answers a refused filter with a 400 in the user’s language, before any download', async () => {
    const res = await t.app.inject({
      url: '/api/warehouse/report/MaterialsPriceCountExcel?startTime=2026-02-01&endTime=2026-01-01',
      headers: { ...t.auth(), 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json().msg).toBe('The end of the period cannot come before its start');
    expect(await held()).toBe(0);
  });
});

describe('a streamed query', () => {
  const refuelNos = (tenantId: string) =>
    streamQuery(
      t.app.platform.db,
      t.app.platform.tenantDb,
      tenantId,
      // no tenant condition: only the policy keeps other tenants' rows out
      () => sql<{ refuel_no: string }>`select refuel_no from wh_refuel order by refuel_no`,
      (_, rows) => rows.map((r) => r.refuel_no),
      { batch: 2 },
    );

  it('sees only its tenant’s rows, through row-level security', async () => {
    const own: string[] = [];
    for await (const batch of refuelNos('000000')) own.push(...batch);
    expect(own).toHaveLength(DEVICES + BULK_REFUELS);
    expect(own).not.toContain('RF-OTHER-TENANT');
    const other: string[] = [];
    for await (const batch of refuelNos('600600')) other.push(...batch);
    expect(other).toEqual(['RF-OTHER-TENANT']);
  });

  it('is ended, its connection freed, when its reader leaves it unread past the time limit', async () => {
    const said: string[] = [];
    const stream = streamQuery(
      t.app.platform.db,
      t.app.platform.tenantDb,
      '000000',
      () => sql<{ g: number }>`select g from generate_series(1, 100) g`,
      (_, rows) => rows,
      { batch: 10, idleMs: 50, onIdle: (message) => said.push(message) },
    );
    expect((await stream.next()).value).toHaveLength(10);
    await eventually(async () => (await held()) === 0);
    await expect(stream.next()).rejects.toBeInstanceOf(StreamIdleError);
    expect(said).toEqual(['streamed query ended: its reader took nothing for 0.05 s']);
    expect(await held()).toBe(0);
  });
});

describe('a download', () => {
  /** Reads one chunk, then stops reading. */
  const firstChunk = (out: Readable) => new Promise((resolve) => out.once('data', resolve)).then(() => out.pause());

  it('that its client closes mid-way ends the query at once, and the next request works', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    lines.length = 0;
    // The client takes the first bytes, then goes away.
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        { port, host: '127.0.0.1', path: '/api/warehouse/refuel/refuelDetailExcel', headers: t.auth() },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    await eventually(async () => lines.some((line) => line.includes('export of refuel items ended')));
    const ended = JSON.parse(lines.find((line) => line.includes('export of refuel items ended'))!) as { msg: string };
    const rows = Number(ended.msg.match(/after (\d+) rows: the client closed the download/)?.[1]);
    expect(rows).toBeLessThan(BULK_REFUELS * 1000);
    await eventually(async () => (await held()) === 0);
    const res = await t.app.inject({ url: '/api/warehouse/refuel/page', headers: t.auth() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(DEVICES + BULK_REFUELS);
  });

  it('that its client stops reading is ended after the time limit', async () => {
    logged.length = 0;
    const columns = [{ header: 'g', width: 10 }];
    const rows = streamQuery(
      t.app.platform.db,
      t.app.platform.tenantDb,
      '000000',
      () => sql<{ g: string }>`select md5(g::text) || md5((-g)::text) as g from generate_series(1, 100000) g`,
      (_, batch) => batch.map((r) => [r.g]),
    );
    const out = await streamXlsx('stalled', columns, rows, log, 100);
    await firstChunk(out);
    await eventually(async () => logged.length > 0 && (await held()) === 0);
    expect(logged[0]).toMatch(/export of stalled ended after \d+ rows: the client took nothing for 0.1 s/);
    expect(out.destroyed).toBe(true);
  });
});
