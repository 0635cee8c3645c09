import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutPeriod } from '../../src/modules/warehouse/report/flows.ts';
import { flowDifferences, localDate, rebuildFlows } from '../../src/modules/warehouse/stock/flows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectFlowsEqualLedger, type Json, warehouseApi } from '../support/warehouse.ts';

// The ledger's summaries the reports read (`wh_stock_flow`): kept exact by every posting (late
// documents, cancellations, a provider changed after posting, simultaneous postings), and read so
// that a period's answer is the ledger's, to the second.
let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
const R = '/api/warehouse/report';
const DAY = 86_400_000;

const get = async (url: string) => {
  const res = await api.get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().data;
};
const line = (material: Json, quantity: number, unitPrice?: number) => ({
  materialCodeId: material.id,
  quantity,
  unitPrice,
});
/** `yyyy-MM-dd HH:mm:ss` in the server's local time, as the report filters take it. */
const localTime = (at: Date) => `${localDate(at)} ${at.toTimeString().slice(0, 8)}`;

/** Inbound and outbound quantity of a material in the price-count report for a query. */
async function countOf(material: Json, query = '') {
  const page = await get(`${R}/MaterialsPriceCount?materialCodeId=${material.id}&${query}`);
  const row = page.records[0];
  return [Number(row?.inQuantity ?? 0), Number(row?.outQuantity ?? 0)];
}

/** The same straight from the ledger by each movement's document time, for [start, end). */
async function ledgerCountOf(material: Json, start: Date, end: Date) {
  const { rows } = await sql<{ kind: string; q: string }>`
    select s.kind, sum(s.quantity) as q from wh_stock_movement s
    left join wh_refuel r on s.source_type = 'refuel' and r.id = s.source_id
    left join wh_delivery d on s.source_type = 'delivery' and d.id = s.source_id
    where s.material_code_id = ${String(material.id)} and s.source_type in ('refuel', 'delivery')
      and coalesce(r.refuel_time, d.apply_time) >= ${start} and coalesce(r.refuel_time, d.apply_time) < ${end}
    group by s.kind`.execute(t.database.db);
  const of = (kind: string) => Math.abs(Number(rows.find((r) => r.kind === kind)?.q ?? 0));
  return [of('in'), of('out')];
}

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
});
afterAll(() => t.close());

describe('the summaries of the ledger', () => {
  it('count a refuel entered today for last week, and its cancellation, on last week’s day', async () => {
    const device = await api.device({ name: 'Late cabinet' });
    const material = await api.material({ name: 'Late gloves' });
    const before = await get(`${R}/keyFigures`);
    const lastWeek = new Date(Date.now() - 7 * DAY);
    const late = await api.refuel(device.id, [line(material, 4, 2)], { refuelTime: lastWeek.toISOString() });
    const day = localDate(lastWeek);
    expect(await countOf(material, `startTime=${day}&endTime=${day}`)).toEqual([4, 0]);
    expect(await countOf(material, `startTime=${localDate(new Date())}`)).toEqual([0, 0]);
    expect(Number((await get(`${R}/keyFigures`)).todayInQuantity)).toBe(Number(before.todayInQuantity));
    await expectFlowsEqualLedger(t.database.db);

    await api.post(`/api/warehouse/refuel/cancel?ids=${late.id}`);
    expect(await countOf(material, `startTime=${day}&endTime=${day}`)).toEqual([0, 0]);
    const { rows } = await sql<{ start: string; quantity: string }>`
      select to_char(start, 'YYYY-MM-DD') as start, quantity from wh_stock_flow
      where material_code_id = ${String(material.id)} and device_id = ${String(device.id)} and span = 'd'`.execute(
      t.database.db,
    );
    expect(rows.map((r) => [r.start, Number(r.quantity)])).toEqual([[day, 0]]);
    await expectFlowsEqualLedger(t.database.db);
  });

  it('move a refuel’s goods to its new provider when the provider changes after posting', async () => {
    const device = await api.device({ name: 'Provider cabinet' });
    const material = await api.material({ name: 'Provider masks' });
    const [p1, p2] = [await api.provider({ name: 'First' }), await api.provider({ name: 'Second' })];
    const refuel = await api.refuel(device.id, [line(material, 6, 1)], { providerId: p1.id });
    await api.deliver(device.id, [line(material, 2)]);
    const providers = async () => {
      const page = await get(`${R}/MaterialsPriceCount?groupBy=provider&materialCodeId=${material.id}`);
      return Object.fromEntries(page.records.map((r: Json) => [r.groupName, Number(r.inQuantity)]));
    };
    expect(await providers()).toMatchObject({ First: 6 });
    const res = await api.post('/api/warehouse/refuel/submit', { id: refuel.id, providerId: p2.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await providers()).toMatchObject({ Second: 6 });
    expect(await providers()).not.toHaveProperty('First');
    await api.post(`/api/warehouse/refuel/cancel?ids=${refuel.id}`).catch(() => undefined);
    await expectFlowsEqualLedger(t.database.db);
  });

  it('answer a period bounded inside days exactly as the ledger does', async () => {
    const device = await api.device({ name: 'Edge cabinet' });
    const material = await api.material({ name: 'Edge tape' });
    const now = Date.now();
    // documents every 9 hours over the last 40 days, then periods that start and end mid-day
    for (let i = 1; i <= 100; i++) {
      const at = new Date(now - i * 9 * 3_600_000).toISOString();
      await api.refuel(device.id, [line(material, i, 1)], { refuelTime: at });
      if (i % 3 === 0) await api.deliver(device.id, [line(material, 1)], { applyTime: at });
    }
    for (const [from, to] of [
      [now - 35 * DAY + 3_600_000, now - 2 * DAY - 7_200_000],
      [now - 3 * DAY - 5_000, now - 3 * DAY + 5 * 3_600_000],
      [now - 39 * DAY, now],
    ] as const) {
      const [start, end] = [new Date(from), new Date(to)];
      const query = `startTime=${encodeURIComponent(localTime(start))}&endTime=${encodeURIComponent(localTime(end))}`;
      // the filter is to the second: the ledger's bounds too
      const [s, e] = [new Date(Math.floor(from / 1000) * 1000), new Date(Math.floor(to / 1000) * 1000)];
      expect(await countOf(material, query), query).toEqual(await ledgerCountOf(material, s, e));
    }
  });

  it('answer a period that reads months whole, less their days outside it, as the ledger does', async () => {
    const device = await api.device({ name: 'Spring cabinet' });
    const material = await api.material({ name: 'Spring tape' });
    // documents every 9 hours from 20 March to 10 June 2025, and two early in the year, so that
    // the days and months subtracted hold some
    const first = new Date(2025, 2, 20, 1).getTime();
    const times = [new Date(2025, 0, 15, 9), new Date(2025, 1, 10, 14)];
    for (let i = 0; i < 220; i++) times.push(new Date(first + i * 9 * 3_600_000));
    for (const [i, at] of times.entries()) {
      await api.refuel(device.id, [line(material, 1 + (i % 7), 1)], { refuelTime: at.toISOString() });
      if (i % 4 === 0) await api.deliver(device.id, [line(material, 1)], { applyTime: at.toISOString() });
    }
    for (const [start, end] of [
      // May, and April less 1-3 April (plus the ledger's hours at each end)
      [new Date(2025, 3, 3, 5), new Date(2025, 5, 1, 3)],
      // April, and May less 21-31 May
      [new Date(2025, 2, 25), new Date(2025, 4, 21)],
      // 2026, and 2025 less January and February
      [new Date(2025, 2, 1), new Date(2027, 0, 1)],
    ] as const) {
      const query = `startTime=${encodeURIComponent(localTime(start))}&endTime=${encodeURIComponent(localTime(end))}`;
      expect(await countOf(material, query), query).toEqual(await ledgerCountOf(material, start, end));
    }
  });

  it('stay exact under simultaneous refuels, outbounds and cancellations', async () => {
    const devices = [await api.device({ name: 'Busy 1' }), await api.device({ name: 'Busy 2' })];
    const materials = [await api.material({ name: 'Busy A' }), await api.material({ name: 'Busy B' })];
    for (const device of devices)
      await api.refuel(
        device.id,
        materials.map((m) => line(m, 100, 1)),
      );
    const refuels = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const lines = materials.map((m, j) => line(m, 1 + i + j, 1));
        return api.refuel(devices[i % 2]!.id, i % 3 ? lines : lines.reverse());
      }),
    );
    await Promise.all([
      ...refuels.filter((_, i) => i % 2).map((r) => api.post(`/api/warehouse/refuel/cancel?ids=${r.id}`)),
      ...Array.from({ length: 12 }, (_, i) =>
        api.deliver(devices[i % 2]!.id, [line(materials[i % 2]!, 1), line(materials[(i + 1) % 2]!, 2)]),
      ),
    ]);
    await expectFlowsEqualLedger(t.database.db);
  });

  it('are rebuilt from the ledger as they were kept', async () => {
    const { rows: kept } = await sql`select * from wh_stock_flow where movements <> 0
      order by tenant_id, span, start, device_id, material_code_id, kind, source_type, provider_id`.execute(
      t.database.db,
    );
    await rebuildFlows(t.database.db);
    const { rows: rebuilt } = await sql`select * from wh_stock_flow where movements <> 0
      order by tenant_id, span, start, device_id, material_code_id, kind, source_type, provider_id`.execute(
      t.database.db,
    );
    expect(rebuilt).toEqual(kept);
    expect(await flowDifferences(t.database.db)).toEqual([]);
  });
});

describe('cutPeriod', () => {
  const at = (text: string) => new Date(text);
  const show = (pieces: ReturnType<typeof cutPeriod>) =>
    pieces
      .map((p) => `${p.sign ? '-' : ''}${p.span} ${p.from ? localTime(p.from) : '…'} ${p.to ? localTime(p.to) : '…'}`)
      .sort();

  it('reads whole years, months and days from the summaries and only part-days from the ledger', () => {
    expect(show(cutPeriod(at('2024-11-20T10:00:00'), at('2026-02-03T06:30:00')))).toEqual([
      'd 2024-11-21 00:00:00 2024-12-01 00:00:00',
      'd 2026-02-01 00:00:00 2026-02-03 00:00:00',
      'ledger 2024-11-20 10:00:00 2024-11-21 00:00:00',
      'ledger 2026-02-03 00:00:00 2026-02-03 06:30:00',
      'm 2024-12-01 00:00:00 2025-01-01 00:00:00',
      'm 2026-01-01 00:00:00 2026-02-01 00:00:00',
      'y 2025-01-01 00:00:00 2026-01-01 00:00:00',
    ]);
  });

  it('reads a span that is mostly inside the period whole, less what lies outside it', () => {
    // a quarter to the 25th: November less its last five days, not 25 days of November
    expect(show(cutPeriod(at('2026-08-27T00:00:00'), at('2026-11-26T00:00:00')))).toEqual([
      '-d 2026-11-26 00:00:00 2026-12-01 00:00:00',
      'd 2026-08-27 00:00:00 2026-09-01 00:00:00',
      'm 2026-09-01 00:00:00 2026-11-01 00:00:00',
      'm 2026-11-01 00:00:00 2026-12-01 00:00:00',
    ]);
  });

  it('keeps short periods at the finest span they need, and open bounds open', () => {
    expect(show(cutPeriod(at('2026-03-04T10:00:00'), at('2026-03-04T12:00:00')))).toEqual([
      'ledger 2026-03-04 10:00:00 2026-03-04 12:00:00',
    ]);
    expect(show(cutPeriod(at('2026-03-04T00:00:00'), at('2026-03-09T00:00:00')))).toEqual([
      'd 2026-03-04 00:00:00 2026-03-09 00:00:00',
    ]);
    expect(show(cutPeriod(at('2026-03-04T00:00:00'), at('2026-05-01T00:00:00')))).toEqual([
      '-d 2026-03-01 00:00:00 2026-03-04 00:00:00',
      'm 2026-03-01 00:00:00 2026-04-01 00:00:00',
      'm 2026-04-01 00:00:00 2026-05-01 00:00:00',
    ]);
    expect(show(cutPeriod(at('2026-03-04T00:00:00')))).toEqual([
      '-d 2026-03-01 00:00:00 2026-03-04 00:00:00',
      '-m 2026-01-01 00:00:00 2026-04-01 00:00:00',
      'm 2026-03-01 00:00:00 2026-04-01 00:00:00',
      'y 2026-01-01 00:00:00 2027-01-01 00:00:00',
      'y 2027-01-01 00:00:00 …',
    ]);
    expect(show(cutPeriod())).toEqual(['y … …']);
    expect(cutPeriod(at('2026-03-04T00:00:00'), at('2026-03-04T00:00:00'))).toEqual([]);
  });
});
