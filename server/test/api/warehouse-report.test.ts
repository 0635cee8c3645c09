import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller, createTenant } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Json, warehouseApi } from '../support/warehouse.ts';

// A known data set (refuels, deliveries, a cancelled refuel) and the reports' numbers against it
// and against the ledger.
let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
const d = {} as Record<'site' | 'c1' | 'c2' | 'd3', Json>;
const m = {} as Record<'ppe' | 'hands' | 'tools' | 'gloves' | 'masks' | 'hammer', Json>;
const p = {} as Record<'p1' | 'p2', Json>;
const en = () => ({ ...t.auth(), 'accept-language': 'en-US' });
const R = '/api/warehouse/report';

const get = async (url: string, headers: Record<string, string> = en()) => {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().data;
};
const byName = (records: Json[], field: string) =>
  Object.fromEntries(records.map((r) => [String(r[field] ?? ''), r])) as Record<string, Json>;
const num = (row: Json | undefined, ...fields: string[]) => fields.map((f) => Number(row?.[f]));

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
  d.site = await api.device({ type: 'site', name: 'Site' });
  d.c1 = await api.device({ parentId: d.site.id, name: 'C1' });
  d.c2 = await api.device({ parentId: d.site.id, name: 'C2' });
  d.d3 = await api.device({ name: 'D3' });
  const ppe = await api.type({ name: 'PPE' });
  const hands = await api.type({ name: 'Hands', parentId: ppe.id });
  const tools = await api.type({ name: 'Tools' });
  Object.assign(m, { ppe, hands, tools });
  p.p1 = await api.provider({ name: 'P1' });
  p.p2 = await api.provider({ name: 'P2' });
  m.gloves = await api.material({ name: 'Gloves', typeId: hands.id, safetyStock: 10, defaultProviderId: p.p1.id });
  m.masks = await api.material({ name: 'Masks', typeId: ppe.id, safetyStock: 50 });
  m.hammer = await api.material({ name: 'Hammer', typeId: tools.id });
  const line = (mat: Json, quantity: number, unitPrice?: number) => ({ materialCodeId: mat.id, quantity, unitPrice });
  await api.refuel(d.c1.id, [line(m.gloves, 20, 2)], { providerId: p.p1.id });
  await api.refuel(d.c1.id, [line(m.masks, 30, 1)], { providerId: p.p2.id });
  await api.refuel(d.c2.id, [line(m.gloves, 5, 4)], { providerId: p.p2.id });
  await api.refuel(d.d3.id, [line(m.hammer, 3, 10)], { providerId: p.p1.id });
  const cancelled = await api.refuel(d.d3.id, [line(m.hammer, 1, 10)], { providerId: p.p1.id });
  await api.post(`/api/warehouse/refuel/cancel?ids=${cancelled.id}`);
  await api.deliver(d.c1.id, [line(m.gloves, 12)]);
  await api.deliver(d.c2.id, [line(m.gloves, 5)]);
  await api.deliver(d.c1.id, [line(m.masks, 10)]);
});
afterAll(() => t.close());

describe('GET /api/warehouse/report/inventoryDetail', () => {
  it('answers one row per device and material with stock, value, safety stock and state', async () => {
    const page = await get(`${R}/inventoryDetail?size=100`);
    expect(page.total).toBe(4);
    const rows = page.records.map(
      (r: Json) => `${r.deviceName}/${r.materialName}/${Number(r.quantity)}/${Number(r.amount)}/${r.state}`,
    );
    expect(rows.sort()).toEqual(['C1/Gloves/8/16/low', 'C1/Masks/20/20/low', 'C2/Gloves/0/0/out', 'D3/Hammer/3/30/ok']);
    expect(page.records[0]).toMatchObject({ unit: 'pcs', unitName: expect.any(String) });
    expect(page.records[0]).not.toHaveProperty('sort_key');
  });

  it('filters by device and type subtrees, material, keyword and state, and pages', async () => {
    const total = async (query: string) => (await get(`${R}/inventoryDetail?${query}`)).total;
    expect(await total(`deviceId=${d.site.id}`)).toBe(3);
    expect(await total(`materialTypeId=${m.ppe.id}`)).toBe(3);
    expect(await total(`materialCodeId=${m.masks.id}`)).toBe(1);
    expect(await total('keyword=amm')).toBe(1);
    expect(await total('state=low')).toBe(2);
    const second = await get(`${R}/inventoryDetail?size=3&current=2`);
    expect(second).toMatchObject({ total: 4, pages: 2, current: 2 });
    expect(second.records).toHaveLength(1);
  });
});

describe('GET /api/warehouse/report/inventoryMaterias', () => {
  it('sums each material over the devices chosen', async () => {
    const all = byName((await get(`${R}/inventoryMaterias?size=100`)).records, 'materialName');
    expect(num(all.Gloves, 'quantity', 'amount', 'averagePrice', 'deviceCount')).toEqual([8, 16, 2, 1]);
    expect(num(all.Masks, 'quantity', 'amount')).toEqual([20, 20]);
    expect(num(all.Hammer, 'quantity', 'amount', 'averagePrice')).toEqual([3, 30, 10]);
    const site = (await get(`${R}/inventoryMaterias?deviceId=${d.site.id}`)).records;
    expect(site.map((r: Json) => r.materialName).sort()).toEqual(['Gloves', 'Masks']);
  });
});

describe('GET /api/warehouse/report/MaterialsPriceCount', () => {
  it('counts inbound and outbound per material, type or provider, net of cancellations, as the ledger does', async () => {
    const mat = byName((await get(`${R}/MaterialsPriceCount?size=100`)).records, 'groupName');
    expect(num(mat.Gloves, 'inQuantity', 'inAmount', 'outQuantity', 'outAmount')).toEqual([25, 60, 17, 44]);
    expect(num(mat.Masks, 'inQuantity', 'inAmount', 'outQuantity', 'outAmount')).toEqual([30, 30, 10, 10]);
    expect(num(mat.Hammer, 'inQuantity', 'inAmount', 'outQuantity', 'outAmount')).toEqual([3, 30, 0, 0]);
    const { rows } = await sql<{ kind: string; q: string; a: string }>`
      select kind, sum(quantity) as q, sum(amount) as a from wh_stock_movement
      where tenant_id = '000000' and kind in ('in', 'out') group by kind`.execute(t.database.db);
    const ledger = Object.fromEntries(rows.map((r) => [r.kind, [Math.abs(Number(r.q)), Math.abs(Number(r.a))]]));
    const sum = (f: string) => Object.values(mat).reduce((s, r) => s + Number(r[f]), 0);
    expect([sum('inQuantity'), sum('inAmount')]).toEqual(ledger.in);
    expect([sum('outQuantity'), sum('outAmount')]).toEqual(ledger.out);

    const type = byName((await get(`${R}/MaterialsPriceCount?groupBy=type`)).records, 'groupName');
    expect(num(type.Hands, 'inQuantity', 'outAmount')).toEqual([25, 44]);
    expect(num(type.Tools, 'inQuantity', 'inAmount')).toEqual([3, 30]);
    const provider = byName((await get(`${R}/MaterialsPriceCount?groupBy=provider`)).records, 'groupName');
    expect(num(provider.P1, 'inQuantity', 'inAmount', 'outQuantity', 'outAmount')).toEqual([23, 70, 17, 44]);
    expect(num(provider.P2, 'inQuantity', 'inAmount', 'outQuantity')).toEqual([35, 50, 0]);
    // the outbound of materials without a provider is a row of its own, named as such
    expect(num(provider['No provider'], 'outQuantity', 'outAmount')).toEqual([10, 10]);
    expect(provider['']).toBeUndefined();
    const zh = (await get(`${R}/MaterialsPriceCount?groupBy=provider`, t.auth())).records;
    expect(zh.map((r: Json) => r.groupName)).toContain('无供应商');
  });

  it('takes a period (a date-only end takes in its day) and refuses one that ends before it starts', async () => {
    const today = new Date().toLocaleDateString('sv');
    expect((await get(`${R}/MaterialsPriceCount?startTime=${today}&endTime=${today}`)).total).toBe(3);
    expect((await get(`${R}/MaterialsPriceCount?startTime=2020-01-01&endTime=2020-12-31`)).total).toBe(0);
    const res = await t.app.inject({
      url: `${R}/MaterialsPriceCount?startTime=2026-02-01&endTime=2026-01-01`,
      headers: en(),
    });
    expect(res.json().msg).toBe('The end of the period cannot come before its start');
  });
});

describe('the home page and the charts', () => {
  it('answers the key figures of the tenant', async () => {
    const figures = await get(`${R}/keyFigures`);
    const { rows } = await sql<{ n: string }>`select count(*) as n from wh_notice where treated = 0`.execute(
      t.database.db,
    );
    expect(figures).toMatchObject({ belowSafetyStock: 3, outOfStock: 1, todayRefuels: 4, todayDeliveries: 3 });
    expect(Number(figures.untreatedNotices)).toBe(Number(rows[0]!.n));
    expect(
      num(figures, 'stockValue', 'todayInQuantity', 'todayInAmount', 'todayOutQuantity', 'todayOutAmount'),
    ).toEqual([66, 58, 120, 27, 54]);
  });

  it('answers value by type, inbound and outbound by month, and the most consumed materials', async () => {
    const top = byName(await get(`${R}/valueByType`), 'typeName');
    expect(num(top.PPE, 'amount', 'quantity')).toEqual([36, 28]);
    expect(num(top.Tools, 'amount')).toEqual([30]);
    expect(
      (await get(`${R}/valueByType?parentId=${m.ppe.id}`)).map((r: Json) => [r.typeName, Number(r.amount)]),
    ).toEqual([['Hands', 16]]);
    const months = await get(`${R}/monthlyFlow?months=2`);
    expect(months).toHaveLength(2);
    expect(num(months[0], 'inQuantity', 'outQuantity')).toEqual([0, 0]);
    expect(num(months[1], 'inQuantity', 'inAmount', 'outQuantity', 'outAmount')).toEqual([58, 120, 27, 54]);
    const consumed = await get(`${R}/topConsumed?limit=5`);
    expect(consumed.map((r: Json) => [r.materialName, Number(r.quantity)])).toEqual([
      ['Gloves', 17],
      ['Masks', 10],
    ]);
  });
});

describe('report exports and access', () => {
  it('streams each table as an .xlsx with translated headers and labels', async () => {
    const res = await t.app.inject({ url: `${R}/inventoryDetailExcel?deviceId=${d.site.id}`, headers: en() });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toContain('Device');
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r[1] === 'C2')).toContain('Out of stock');
    for (const name of ['inventoryMateriasExcel', 'MaterialsPriceCountExcel?groupBy=type']) {
      expect((await t.app.inject({ url: `${R}/${name}`, headers: en() })).statusCode, name).toBe(200);
    }
  });

  it('needs the report codes (export its own), and shows nothing of another tenant', async () => {
    const viewer = await t.authFor(await createCaller(t.database.db, '000000', 'report-viewer', ['warehouse_report']));
    expect((await t.app.inject({ url: `${R}/inventoryDetail`, headers: viewer })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${R}/inventoryDetailExcel`, headers: viewer })).statusCode).toBe(403);
    const clerk = await t.authFor(await createCaller(t.database.db, '000000', 'no-report', ['refuel']));
    expect((await t.app.inject({ url: `${R}/keyFigures`, headers: clerk })).statusCode).toBe(403);
    await createTenant(t.database.db, '730730');
    const b = await t.authFor(
      await createCaller(t.database.db, '730730', 'b-report', ['warehouse_report', 'warehouse_report_export']),
    );
    expect((await get(`${R}/inventoryDetail`, b)).total).toBe(0);
    expect((await get(`${R}/MaterialsPriceCount`, b)).total).toBe(0);
    expect(Number((await get(`${R}/keyFigures`, b)).stockValue)).toBe(0);
    expect(await get(`${R}/topConsumed`, b)).toEqual([]);
  });
});

describe('a refuel entered today for an earlier day', () => {
  it('counts on its own day in the key figures and the charts, and is the stock’s last inbound by its time', async () => {
    const before = await get(`${R}/keyFigures`);
    const months = await get(`${R}/monthlyFlow?months=1`);
    const earlier = new Date(Date.now() - 40 * 86_400_000);
    earlier.setMilliseconds(0);
    const late = await api.refuel(d.d3.id, [{ materialCodeId: m.hammer.id, quantity: 2, unitPrice: 10 }], {
      refuelTime: earlier.toISOString(),
    });
    const after = await get(`${R}/keyFigures`);
    expect(num(after, 'todayRefuels', 'todayInQuantity', 'todayInAmount')).toEqual(
      num(before, 'todayRefuels', 'todayInQuantity', 'todayInAmount'),
    );
    expect(num((await get(`${R}/monthlyFlow?months=1`))[0], 'inQuantity')).toEqual(num(months[0], 'inQuantity'));
    const day = earlier.toLocaleDateString('sv');
    const period = await get(`${R}/MaterialsPriceCount?startTime=${day}&endTime=${day}`);
    expect(period.records.map((r: Json) => [r.groupName, Number(r.inQuantity)])).toEqual([['Hammer', 2]]);
    // the stock's last inbound stays the newest refuel's time, and a later refuel's own time moves it on
    const { rows } = await sql<{ last: Date }>`select last_in_time as last from wh_stock_balance
      where device_id = ${d.d3.id} and material_code_id = ${m.hammer.id}`.execute(t.database.db);
    expect(rows[0]!.last.getTime()).toBeGreaterThan(earlier.getTime());
    await api.post(`/api/warehouse/refuel/cancel?ids=${late.id}`);
  });

  it('shows as the stock’s last inbound time when it is the newest', async () => {
    const mat = await api.material({ name: 'Late' });
    const at = new Date(Date.now() - 3 * 86_400_000);
    at.setMilliseconds(0);
    await api.refuel(d.d3.id, [{ materialCodeId: mat.id, quantity: 1, unitPrice: 1 }], {
      refuelTime: at.toISOString(),
    });
    const { rows } = await sql<{ last: Date }>`select last_in_time as last from wh_stock_balance
      where device_id = ${d.d3.id} and material_code_id = ${mat.id}`.execute(t.database.db);
    expect(rows[0]!.last.getTime()).toBe(at.getTime());
  });

  it('puts a refuel without a provider to no provider, not to its material’s default one', async () => {
    const mat = await api.material({ name: 'Defaulted', defaultProviderId: p.p2.id });
    const at = new Date(Date.now() - 5 * 86_400_000);
    await api.refuel(d.d3.id, [{ materialCodeId: mat.id, quantity: 4, unitPrice: 1 }], {
      refuelTime: at.toISOString(),
    });
    await api.deliver(d.d3.id, [{ materialCodeId: mat.id, quantity: 1 }]);
    const day = at.toLocaleDateString('sv');
    const period = await get(`${R}/MaterialsPriceCount?groupBy=provider&startTime=${day}&endTime=${day}`);
    expect(period.records.map((r: Json) => [r.groupName, ...num(r, 'inQuantity', 'outQuantity')])).toEqual([
      ['No provider', 4, 0],
    ]);
    const today = new Date().toLocaleDateString('sv');
    const out = await get(`${R}/MaterialsPriceCount?groupBy=provider&keyword=Defaulted&startTime=${today}`);
    expect(out.records.map((r: Json) => [r.groupName, ...num(r, 'inQuantity', 'outQuantity')])).toEqual([['P2', 0, 1]]);
  });
});
