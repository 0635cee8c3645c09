import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createCaller } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Json, warehouseApi } from '../support/warehouse.ts';

const URL = '/api/warehouse/refuel/refuelDetailExcel';
const BULK_REFUELS = 10;
const LINES_EACH = 1000;
let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
let device: Json;
let otherDevice: Json;
let material: Json;
let small: Json;

async function sheetOf(query: string, headers: Record<string, string> = { ...t.auth(), 'accept-language': 'en-US' }) {
  const res = await t.app.inject({ url: `${URL}?${query}`, headers });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
  device = await api.device({ name: 'Export store' });
  otherDevice = await api.device({ name: 'Elsewhere' });
  material = await api.material({ name: 'Bolt', code: 'BOLT' });
  const provider = await api.provider({ name: 'Bolts Ltd' });
  small = await api.refuel(
    otherDevice.id,
    [{ materialCodeId: material.id, quantity: '2.5', unitPrice: '4', batchNo: 'B-7', expiryDate: '2027-01-31' }],
    { providerId: provider.id },
  );
  // 10,000 lines in 10 refuels of the export device, written in bulk (the export is under test here).
  for (let r = 0; r < BULK_REFUELS; r++) {
    const refuelId = nextId();
    await sql`insert into wh_refuel (id, tenant_id, refuel_no, device_id, total_quantity, total_amount)
      values (${refuelId}, '000000', ${`RF-BULK-${r}`}, ${String(device.id)}, ${LINES_EACH}, ${LINES_EACH * 2})`.execute(
      t.database.db,
    );
    await sql`insert into wh_refuel_item (id, tenant_id, refuel_id, material_code_id, quantity, unit_price, amount, sort)
      select 8000000000000000000 + ${r * 10000} + g, '000000', ${refuelId}, ${String(material.id)}, 1, 2, 2, g
      from generate_series(1, ${LINES_EACH}) g`.execute(t.database.db);
  }
});
afterAll(() => t.close());

describe(`GET ${URL}`, () => {
  it('streams every line of the listed refuels (10,000 and more) as an .xlsx that opens', async () => {
    const rows = await sheetOf('');
    expect(rows[0]).toEqual([
      'Refuel no.',
      'Refuel time',
      'Device',
      'Provider',
      'Material code',
      'Material',
      'Unit',
      'Quantity',
      'Unit price',
      'Amount',
      'Batch no.',
      'Expiry date',
      'Status',
    ]);
    expect(rows).toHaveLength(1 + BULK_REFUELS * LINES_EACH + 1);
    const bulk = rows.filter((r) => String(r[0]).startsWith('RF-BULK-'));
    expect(bulk).toHaveLength(BULK_REFUELS * LINES_EACH);
    expect(bulk[0]!.slice(2)).toEqual([
      'Export store',
      undefined,
      'BOLT',
      'Bolt',
      '个',
      1,
      2,
      2,
      undefined,
      undefined,
      'Completed',
    ]);
    const line = rows.find((r) => r[0] === small.refuelNo)!;
    expect(line.slice(2)).toEqual([
      'Elsewhere',
      'Bolts Ltd',
      'BOLT',
      'Bolt',
      '个',
      2.5,
      4,
      10,
      'B-7',
      '2027-01-31',
      'Completed',
    ]);
    expect(line[1]).toBeInstanceOf(Date);
    // newest first, as the list shows them (the bulk refuels were entered after the small one)
    const times = rows.slice(1).map((r) => (r[1] as Date).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect([rows[1]![0], rows.at(-1)![0]]).toEqual(['RF-BULK-9', small.refuelNo]);
  });

  it('applies the list’s filters', async () => {
    const byNo = await sheetOf(`refuelNo=${small.refuelNo}`);
    expect(byNo.slice(1).map((r) => r[0])).toEqual([small.refuelNo]);
    const byDevice = await sheetOf(`deviceId=${device.id}&refuelNo=RF-BULK-3`);
    expect(byDevice).toHaveLength(1 + LINES_EACH);
    const zh = await sheetOf(`refuelNo=${small.refuelNo}`, t.auth());
    expect(zh[0]![0]).toBe('入库单号');
  });

  it('needs the export permission and shows nothing of another tenant', async () => {
    const reader = await t.authFor(
      await createCaller(t.database.db, '000000', 'refuel-reader', ['refuel', 'refuel_view']),
    );
    expect((await t.app.inject({ url: URL, headers: reader })).statusCode).toBe(403);
    const other = await t.authFor(await createCaller(t.database.db, '600600', 'exporter', ['refuel_export']));
    expect(await sheetOf('', other)).toHaveLength(1);
  });
});
