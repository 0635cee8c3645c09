import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createTenant } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectLedgerEqualsBalances, type Json, stockOf, warehouseApi, warehouseCounts } from '../support/warehouse.ts';

let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
let foreignDevice: string;
const en = () => ({ ...t.auth(), 'accept-language': 'en-US' });
const postEn = (url: string, body?: object) => api.call('POST', url, body, en());

async function noticesOf(materialId: unknown) {
  const { rows } = await sql<{ type: string; treated: number }>`
    select type, treated from wh_notice where material_code_id = ${String(materialId)} order by id`.execute(
    t.database.db,
  );
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
  await createTenant(t.database.db, '500500');
  foreignDevice = nextId();
  await sql`insert into wh_device (id, tenant_id, code, name, type) values (${foreignDevice}, '500500', 'B-1', 'B', 'cabinet')`.execute(
    t.database.db,
  );
});
afterAll(async () => {
  await expectLedgerEqualsBalances(t.database.db);
  await t.close();
});

describe('refuel and delivery move stock at the moving average', () => {
  it('values stock at the moving average and takes the last of it with all its value', async () => {
    const device = await api.device({ name: 'Main store' });
    const material = await api.material({ safetyStock: 4 });
    const item = (quantity: number, unitPrice?: number) => ({ materialCodeId: material.id, quantity, unitPrice });
    const first = await api.refuel(device.id, [item(10, 2)]);
    expect(first.refuelNo).toMatch(/^RF\d{8}\d{4}$/);
    expect(first).toMatchObject({ totalQuantity: '10.000', totalAmount: '20.00', status: 1 });
    await api.refuel(device.id, [item(10, 4)]);
    expect(await stockOf(t.database.db, device.id, material.id)).toMatchObject({
      quantity: 20,
      amount: 60,
      average: 3,
    });

    const out = await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 5 }], { purpose: 'repair' });
    expect(out).toMatchObject({ totalQuantity: '5.000', totalAmount: '15.00', source: 'web', status: 1 });
    expect(out.deliveryNo).toMatch(/^DL\d{12}$/);
    const detail = (await api.get(`/api/warehouse/delivery/detail?id=${out.id}`)).json().data;
    expect(detail.items).toMatchObject([{ materialCodeId: material.id, quantity: '5.000', unitPrice: '3.0000' }]);

    await api.refuel(device.id, [item(5, 6)]);
    expect(await stockOf(t.database.db, device.id, material.id)).toMatchObject({
      quantity: 20,
      amount: 75,
      average: 3.75,
    });
    const last = await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 20 }]);
    expect(last).toMatchObject({ totalAmount: '75.00' });
    expect(await stockOf(t.database.db, device.id, material.id)).toMatchObject({
      quantity: 0,
      amount: 0,
      ledgerQuantity: 0,
      ledgerAmount: 0,
    });
    expect(await noticesOf(material.id)).toEqual([{ type: 'out_of_stock', treated: 0 }]);
  });

  it('leaves no rounding residue when thirds are taken out', async () => {
    const device = await api.device();
    const material = await api.material();
    await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 3, unitPrice: '0.3333' }]);
    const one = await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 1 }]);
    const rest = await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 2 }]);
    expect([one.totalAmount, rest.totalAmount]).toEqual(['0.33', '0.67']);
    expect(await stockOf(t.database.db, device.id, material.id)).toMatchObject({ quantity: 0, amount: 0 });
  });

  it('prices a line without a unit price at the material’s reference price', async () => {
    const device = await api.device();
    const material = await api.material({ referencePrice: '1.25' });
    const refuel = await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 4 }]);
    expect(refuel.totalAmount).toBe('5.00');
  });

  it('numbers refuels and deliveries uniquely, day by day', async () => {
    const device = await api.device();
    const material = await api.material();
    const numbers = [];
    for (let i = 0; i < 3; i++) {
      numbers.push(
        (await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 1, unitPrice: 1 }])).refuelNo,
      );
    }
    const sequence = numbers.map((n) => Number(String(n).slice(-4)));
    expect(new Set(numbers).size).toBe(3);
    expect(sequence[1]! - sequence[0]!).toBe(1);
    expect(sequence[2]! - sequence[1]!).toBe(1);
  });
});

describe('bad input writes nothing', () => {
  let device: Json;
  let material: Json;
  beforeAll(async () => {
    device = await api.device({ name: 'Shelf' });
    material = await api.material({ name: 'Helmet' });
    await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 2, unitPrice: 10 }]);
  });

  const cases = () =>
    [
      ['a zero quantity', { materialCodeId: material.id, quantity: 0 }, 'The quantity must be greater than 0'],
      ['a negative quantity', { materialCodeId: material.id, quantity: -3 }, 'The quantity must be greater than 0'],
      ['a quantity with 4 decimals', { materialCodeId: material.id, quantity: '1.0001' }, /at most 3 decimals/],
      ['an unknown material', { materialCodeId: '4242', quantity: 1 }, 'The material 4242 does not exist'],
    ] as const;

  for (const url of [
    '/api/warehouse/delivery/save',
    '/api/warehouse/delivery/submit',
    '/api/warehouse/refuel/submit',
  ]) {
    it(`${url} refuses bad lines, another tenant's device and no lines`, async () => {
      const before = await warehouseCounts(t.database.db);
      for (const [, line, message] of cases()) {
        const res = await postEn(url, { deviceId: device.id, items: [line] });
        expect(res.statusCode, JSON.stringify(line)).toBe(400);
        expect(res.json().msg).toMatch(message);
      }
      const foreign = await postEn(url, {
        deviceId: foreignDevice,
        items: [{ materialCodeId: material.id, quantity: 1 }],
      });
      expect(foreign.json().msg).toBe(`The device ${foreignDevice} does not exist`);
      expect((await postEn(url, { deviceId: device.id, items: [] })).json().msg).toBe('Add at least one material line');
      expect(await warehouseCounts(t.database.db)).toEqual(before);
    });
  }

  it('refuses a whole outbound when one line does not fit', async () => {
    const other = await api.material({ name: 'Boots' });
    await api.refuel(device.id, [{ materialCodeId: other.id, quantity: 5, unitPrice: 1 }]);
    const before = await warehouseCounts(t.database.db);
    const res = await postEn('/api/warehouse/delivery/save', {
      deviceId: device.id,
      items: [
        { materialCodeId: other.id, quantity: 1 },
        { materialCodeId: material.id, quantity: 3 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('insufficient stock: Helmet at Shelf, available 2');
    expect(await warehouseCounts(t.database.db)).toEqual(before);
    const zh = await api.post('/api/warehouse/delivery/save', {
      deviceId: device.id,
      items: [{ materialCodeId: material.id, quantity: 9 }],
    });
    expect(zh.json().msg).toBe('库存不足: Helmet 在 Shelf, 可用 2');
  });

  it('refuses a negative price and an unknown provider on refuel', async () => {
    const before = await warehouseCounts(t.database.db);
    const negative = await postEn('/api/warehouse/refuel/submit', {
      deviceId: device.id,
      items: [{ materialCodeId: material.id, quantity: 1, unitPrice: -1 }],
    });
    expect(negative.json().msg).toMatch(/The price is not valid/);
    const provider = await postEn('/api/warehouse/refuel/submit', {
      deviceId: device.id,
      providerId: '99',
      items: [{ materialCodeId: material.id, quantity: 1 }],
    });
    expect(provider.json().msg).toBe('The provider 99 does not exist');
    expect(await warehouseCounts(t.database.db)).toEqual(before);
  });

  it('refuses a disabled material', async () => {
    const disabled = await api.material({ name: 'Old', status: 0 });
    const res = await postEn('/api/warehouse/refuel/submit', {
      deviceId: device.id,
      items: [{ materialCodeId: disabled.id, quantity: 1 }],
    });
    expect(res.json().msg).toBe('The material Old is disabled');
  });
});

describe('cancel by counter-movements', () => {
  it('cancels a delivery (stock comes back at the value it left with), then allows its removal', async () => {
    const device = await api.device();
    const material = await api.material();
    await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 4, unitPrice: 5 }]);
    const out = await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 3 }]);
    const refused = await postEn(`/api/warehouse/delivery/remove?ids=${out.id}`);
    expect(refused.json().msg).toBe(
      `The delivery ${out.deliveryNo} has moved stock and cannot be removed; cancel it first`,
    );
    expect((await api.post(`/api/warehouse/delivery/cancel?ids=${out.id}`)).statusCode).toBe(200);
    expect(await stockOf(t.database.db, device.id, material.id)).toMatchObject({
      quantity: 4,
      amount: 20,
      movements: 3,
    });
    const again = await postEn(`/api/warehouse/delivery/cancel?ids=${out.id}`);
    expect(again.json().msg).toBe(`The delivery ${out.deliveryNo} is already cancelled`);
    expect((await api.post(`/api/warehouse/delivery/remove?ids=${out.id}`)).statusCode).toBe(200);
  });

  it('cancels a refuel whose goods are still there, and refuses one whose goods left', async () => {
    const device = await api.device({ name: 'Bay' });
    const material = await api.material({ name: 'Mask' });
    const kept = await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 2, unitPrice: 3 }]);
    const used = await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 2, unitPrice: 5 }]);
    await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 3 }]);
    const before = await warehouseCounts(t.database.db);
    const refused = await postEn(`/api/warehouse/refuel/cancel?ids=${used.id}`);
    expect(refused.json().msg).toBe('insufficient stock: Mask at Bay, available 1');
    expect(await warehouseCounts(t.database.db)).toEqual(before);
    await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 1 }]);
    await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 2, unitPrice: 3 }]);
    expect((await api.post(`/api/warehouse/refuel/cancel?ids=${kept.id}`)).statusCode).toBe(200);
    expect(await stockOf(t.database.db, device.id, material.id)).toMatchObject({ quantity: 0, amount: 0 });
    const detail = (await api.get(`/api/warehouse/refuel/detail?id=${kept.id}`)).json().data;
    expect(detail).toMatchObject({ status: 2, deviceName: 'Bay', items: [{ quantity: '2.000' }] });
  });

  it('lets a posted refuel change only its provider and remark', async () => {
    const device = await api.device();
    const material = await api.material();
    const refuel = await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 1, unitPrice: 1 }]);
    const provider = await api.provider({ name: 'Late supplier' });
    const ok = await api.post('/api/warehouse/refuel/submit', {
      id: refuel.id,
      providerId: provider.id,
      remark: 'fixed',
    });
    expect(ok.json().data).toMatchObject({ providerName: 'Late supplier', remark: 'fixed' });
    const refused = await postEn('/api/warehouse/refuel/submit', { id: refuel.id, items: [] });
    expect(refused.json().msg).toMatch(/changes only its provider and remark/);
  });
});

describe('materials: stock, stocktake, history and notices', () => {
  it('shows stock per device and material with its state, filtered by device subtree and state', async () => {
    const site = await api.device({ type: 'site' });
    const cabinet = await api.device({ parentId: site.id });
    const low = await api.material({ safetyStock: 5 });
    const ok = await api.material({ safetyStock: 1 });
    await api.refuel(cabinet.id, [
      { materialCodeId: low.id, quantity: 3, unitPrice: 1 },
      { materialCodeId: ok.id, quantity: 3, unitPrice: 1 },
    ]);
    const rows = (await api.get(`/api/warehouse/materials/list?deviceId=${site.id}`)).json().data.records as Json[];
    expect(rows.map((r) => [r.materialCodeId, r.state]).sort()).toEqual(
      [
        [low.id, 'low'],
        [ok.id, 'ok'],
      ].sort(),
    );
    const lows = (await api.get(`/api/warehouse/materials/page?deviceId=${site.id}&state_equal=low`)).json().data;
    expect(lows.records).toHaveLength(1);
    expect(lows.records[0]).toMatchObject({ deviceName: cabinet.name, materialName: low.name, quantity: '3.000' });
    expect(await noticesOf(low.id)).toEqual([{ type: 'low_stock', treated: 0 }]);
  });

  it('adjusts a stock to the counted quantity with its reason, at the moving average', async () => {
    const device = await api.device();
    const material = await api.material();
    await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 10, unitPrice: 2 }]);
    const res = await api.post('/api/warehouse/materials/stocktake', {
      deviceId: device.id,
      materialCodeId: material.id,
      countedQuantity: '7.5',
      reason: 'broken in transport',
    });
    expect(res.json().data).toMatchObject({
      quantity: '-2.500',
      unitPrice: '2.0000',
      amount: '-5.00',
      balanceAfter: '7.500',
    });
    const same = await api.post('/api/warehouse/materials/stocktake', {
      deviceId: device.id,
      materialCodeId: material.id,
      countedQuantity: 7.5,
      reason: 'recount',
    });
    expect(same.json().data).toBeNull();
    const history = (await api.get(`/api/warehouse/movement/list?materialCodeId=${material.id}`)).json().data.records;
    expect(history.map((h: Json) => [h.kind, h.quantity, h.remark])).toEqual([
      ['adjust', '-2.500', 'broken in transport'],
      ['in', '10.000', expect.stringMatching(/^RF/)],
    ]);
    expect(history[1].refuelNo).toBe(history[1].remark);
    const bad = await postEn('/api/warehouse/materials/stocktake', {
      deviceId: foreignDevice,
      materialCodeId: material.id,
      countedQuantity: -1,
      reason: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/cannot be negative/);
    expect(bad.json().msg).toMatch(/reason of the stocktake/);
    const foreign = await postEn('/api/warehouse/materials/stocktake', {
      deviceId: foreignDevice,
      materialCodeId: material.id,
      countedQuantity: 1,
      reason: 'x',
    });
    expect(foreign.json().msg).toBe(`The device ${foreignDevice} does not exist`);
  });

  it('raises one untreated notice of a kind, counts untreated ones and treats them with a remark', async () => {
    const device = await api.device();
    const material = await api.material({ safetyStock: 10 });
    const count = async () => (await api.get('/api/warehouse/notice/untreated')).json().data as number;
    const start = await count();
    await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 9, unitPrice: 1 }]);
    await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 1 }]);
    await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 1 }]);
    expect(await noticesOf(material.id)).toEqual([{ type: 'low_stock', treated: 0 }]);
    expect(await count()).toBe(start + 1);
    const notice = (await api.get(`/api/warehouse/notice/list?materialCodeId=${material.id}`)).json().data.records[0];
    expect(notice).toMatchObject({ typeName: '库存不足', deviceName: device.name, level: 2 });
    expect(notice.content).toMatch(/低于安全库存 10/);
    const treat = await api.post('/api/warehouse/notice/treat', { ids: notice.id, handleRemark: 'ordered more' });
    expect(treat.statusCode).toBe(200);
    expect(await count()).toBe(start);
    const again = await postEn('/api/warehouse/notice/treat', { ids: notice.id });
    expect(again.json().msg).toMatch(/already treated/);
    await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 1 }]);
    expect(await noticesOf(material.id)).toEqual([
      { type: 'low_stock', treated: 1 },
      { type: 'low_stock', treated: 0 },
    ]);
    const manual = { type: 'low_stock', title: 'by hand', deviceId: device.id, materialCodeId: material.id };
    const duplicate = await postEn('/api/warehouse/notice/submit', manual);
    expect(duplicate.statusCode).toBe(409);
  });
});
