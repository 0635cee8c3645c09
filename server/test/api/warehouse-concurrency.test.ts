import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectLedgerEqualsBalances, stockOf, warehouseApi } from '../support/warehouse.ts';

// On PostgreSQL (the postgres project) these calls run at once on a pool of 10 connections, each in
// its own transaction; on PGlite they queue on its one connection. Either way the numbers must add up.
let t: TestApp;
let api: ReturnType<typeof warehouseApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
});
afterAll(() => t.close());

describe('stock under concurrency', () => {
  it('lets exactly 20 of 50 simultaneous outbounds of 1 take a stock of 20', async () => {
    const device = await api.device({ name: 'Kiosk cabinet' });
    const material = await api.material({ name: 'Battery', safetyStock: 5 });
    await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 20, unitPrice: '1.5' }]);
    const headers = { ...t.auth(), 'accept-language': 'en-US' };
    const personId = await api.taker();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/warehouse/delivery/save',
          headers,
          payload: { deviceId: device.id, personId, items: [{ materialCodeId: material.id, quantity: 1 }] },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.json().msg).toBe('insufficient stock: Battery at Kiosk cabinet, available 0');
    const numbers = ok.map((r) => r.json().data.deliveryNo);
    expect(new Set(numbers).size).toBe(20);

    expect(await stockOf(t.database.db, device.id, material.id)).toMatchObject({
      quantity: 0,
      amount: 0,
      ledgerQuantity: 0,
      ledgerAmount: 0,
      movements: 21,
    });
    const { rows } = await sql<{ type: string; n: string }>`
      select type, count(*) as n from wh_notice where material_code_id = ${String(material.id)} group by type order by type`.execute(
      t.database.db,
    );
    expect(rows.map((r) => [r.type, Number(r.n)])).toEqual([
      ['low_stock', 1],
      ['out_of_stock', 1],
    ]);
    const deliveries = await sql<{ n: string }>`
      select count(*) as n from wh_delivery where device_id = ${String(device.id)}`.execute(t.database.db);
    expect(Number(deliveries.rows[0]!.n)).toBe(20);
  });

  it('does not deadlock when multi-line outbounds name their lines in opposite orders', async () => {
    const device = await api.device();
    const a = await api.material();
    const b = await api.material();
    await api.refuel(device.id, [
      { materialCodeId: a.id, quantity: 100, unitPrice: 1 },
      { materialCodeId: b.id, quantity: 100, unitPrice: 2 },
    ]);
    const lines = [
      { materialCodeId: a.id, quantity: 1 },
      { materialCodeId: b.id, quantity: 1 },
    ];
    const personId = await api.taker();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api.post('/api/warehouse/delivery/save', {
          deviceId: device.id,
          personId,
          items: i % 2 ? lines : [...lines].reverse(),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(await stockOf(t.database.db, device.id, a.id)).toMatchObject({ quantity: 70, amount: 70 });
    expect(await stockOf(t.database.db, device.id, b.id)).toMatchObject({ quantity: 70, amount: 140 });
  });

  it('numbers simultaneous refuels uniquely and sums them into one balance', async () => {
    const device = await api.device();
    const material = await api.material();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post('/api/warehouse/refuel/submit', {
          deviceId: device.id,
          items: [{ materialCodeId: material.id, quantity: 1, unitPrice: 2 }],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.json().data.refuelNo)).size).toBe(20);
    expect(await stockOf(t.database.db, device.id, material.id)).toMatchObject({ quantity: 20, amount: 40 });
    await expectLedgerEqualsBalances(t.database.db);
  });
});
