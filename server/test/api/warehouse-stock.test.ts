import { beforeAll, describe, expect, it } from 'vitest';
import { type Json, stockOf, stockSuite, warehouseCounts } from '../support/warehouse.ts';

const s = stockSuite();

describe('refuel and delivery move stock at the moving average', () => {
  it('values stock at the moving average and takes the last of it with all its value', async () => {
    const device = await s.api.device({ name: 'Main store' });
    const material = await s.api.material({ safetyStock: 4 });
    const item = (quantity: number, unitPrice?: number) => ({ materialCodeId: material.id, quantity, unitPrice });
    const first = await s.api.refuel(device.id, [item(10, 2)]);
    expect(first.refuelNo).toMatch(/^RF\d{8}\d{4}$/);
    expect(first).toMatchObject({ totalQuantity: '10.000', totalAmount: '20.00', status: 1 });
    await s.api.refuel(device.id, [item(10, 4)]);
    expect(await stockOf(s.t.database.db, device.id, material.id)).toMatchObject({
      quantity: 20,
      amount: 60,
      average: 3,
    });

    const out = await s.api.deliver(device.id, [{ materialCodeId: material.id, quantity: 5 }], { purpose: 'repair' });
    expect(out).toMatchObject({ totalQuantity: '5.000', totalAmount: '15.00', source: 'web', status: 1 });
    expect(out.deliveryNo).toMatch(/^DL\d{12}$/);
    const detail = (await s.api.get(`/api/warehouse/delivery/detail?id=${out.id}`)).json().data;
    expect(detail.items).toMatchObject([{ materialCodeId: material.id, quantity: '5.000', unitPrice: '3.0000' }]);

    await s.api.refuel(device.id, [item(5, 6)]);
    expect(await stockOf(s.t.database.db, device.id, material.id)).toMatchObject({
      quantity: 20,
      amount: 75,
      average: 3.75,
    });
    const last = await s.api.deliver(device.id, [{ materialCodeId: material.id, quantity: 20 }]);
    expect(last).toMatchObject({ totalAmount: '75.00' });
    expect(await stockOf(s.t.database.db, device.id, material.id)).toMatchObject({
      quantity: 0,
      amount: 0,
      ledgerQuantity: 0,
      ledgerAmount: 0,
    });
    expect(await s.noticesOf(material.id)).toEqual([{ type: 'out_of_stock', treated: 0 }]);
  });

  it('leaves no rounding residue when thirds are taken out', async () => {
    const device = await s.api.device();
    const material = await s.api.material();
    await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 3, unitPrice: '0.3333' }]);
    const one = await s.api.deliver(device.id, [{ materialCodeId: material.id, quantity: 1 }]);
    const rest = await s.api.deliver(device.id, [{ materialCodeId: material.id, quantity: 2 }]);
    expect([one.totalAmount, rest.totalAmount]).toEqual(['0.33', '0.67']);
    expect(await stockOf(s.t.database.db, device.id, material.id)).toMatchObject({ quantity: 0, amount: 0 });
  });

  it('prices a line without a unit price at the material’s reference price', async () => {
    const device = await s.api.device();
    const material = await s.api.material({ referencePrice: '1.25' });
    const refuel = await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 4 }]);
    expect(refuel.totalAmount).toBe('5.00');
  });

  it('numbers refuels and deliveries uniquely, day by day', async () => {
    const device = await s.api.device();
    const material = await s.api.material();
    const numbers = [];
    for (let i = 0; i < 3; i++) {
      numbers.push(
        (await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 1, unitPrice: 1 }])).refuelNo,
      );
    }
    const sequence = numbers.map((n) => Number(String(n).slice(-4)));
    expect(new Set(numbers).size).toBe(3);
    expect(sequence[1]! - sequence[0]!).toBe(1);
    expect(sequence[2]! - sequence[1]!).toBe(1);
  });

  it('takes a blank refuel time as now, not as 1970', async () => {
    const device = await s.api.device();
    const material = await s.api.material();
    const before = Date.now();
    const refuel = await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 1, unitPrice: 1 }], {
      refuelTime: null,
    });
    const detail = (await s.api.get(`/api/warehouse/refuel/detail?id=${refuel.id}`)).json().data;
    expect(new Date(String(detail.refuelTime)).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('bad input writes nothing', () => {
  let device: Json;
  let material: Json;
  beforeAll(async () => {
    device = await s.api.device({ name: 'Shelf' });
    material = await s.api.material({ name: 'Helmet' });
    await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 2, unitPrice: 10 }]);
  });

  const cases = () =>
    [
      ['a zero quantity', { materialCodeId: material.id, quantity: 0 }, 'The quantity must be greater than 0'],
      ['a negative quantity', { materialCodeId: material.id, quantity: -3 }, 'The quantity cannot be negative'],
      [
        'a quantity with 4 decimals',
        { materialCodeId: material.id, quantity: '1.0001' },
        'The quantity has too many decimals: at most 3',
      ],
      [
        'a tiny quantity',
        { materialCodeId: material.id, quantity: 0.0001 },
        'The quantity has too many decimals: at most 3',
      ],
      [
        'a quantity of 20 digits',
        { materialCodeId: material.id, quantity: '12345678901234567890' },
        'The quantity is too large: at most 9999999999999.999',
      ],
      [
        'a quantity that is no number',
        { materialCodeId: material.id, quantity: '1,5' },
        'The quantity is not a number',
      ],
      ['an unknown material', { materialCodeId: '4242', quantity: 1 }, 'The material 4242 does not exist'],
    ] as const;

  for (const url of [
    '/api/warehouse/delivery/save',
    '/api/warehouse/delivery/submit',
    '/api/warehouse/refuel/submit',
  ]) {
    it(`${url} refuses bad lines, another tenant's device and no lines`, async () => {
      const before = await warehouseCounts(s.t.database.db);
      for (const [, line, message] of cases()) {
        const res = await s.postEn(url, { deviceId: device.id, personId: await s.api.taker(), items: [line] });
        expect(res.statusCode, JSON.stringify(line)).toBe(400);
        expect(res.json().msg).toMatch(message);
      }
      const foreign = await s.postEn(url, {
        deviceId: s.foreignDevice,
        personId: await s.api.taker(),
        items: [{ materialCodeId: material.id, quantity: 1 }],
      });
      expect(foreign.json().msg).toBe(`The device ${s.foreignDevice} does not exist`);
      expect((await s.postEn(url, { deviceId: device.id, personId: await s.api.taker(), items: [] })).json().msg).toBe(
        'Add at least one material line',
      );
      expect(await warehouseCounts(s.t.database.db)).toEqual(before);
    });
  }

  it('refuses a whole outbound when one line does not fit', async () => {
    const other = await s.api.material({ name: 'Boots' });
    await s.api.refuel(device.id, [{ materialCodeId: other.id, quantity: 5, unitPrice: 1 }]);
    const before = await warehouseCounts(s.t.database.db);
    const res = await s.postEn('/api/warehouse/delivery/save', {
      deviceId: device.id,
      personId: await s.api.taker(),
      items: [
        { materialCodeId: other.id, quantity: 1 },
        { materialCodeId: material.id, quantity: 3 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('insufficient stock: Helmet at Shelf, available 2');
    expect(await warehouseCounts(s.t.database.db)).toEqual(before);
    const zh = await s.api.post('/api/warehouse/delivery/save', {
      deviceId: device.id,
      personId: await s.api.taker(),
      items: [{ materialCodeId: material.id, quantity: 9 }],
    });
    expect(zh.json().msg).toBe('库存不足: Helmet 在 Shelf, 可用 2');
  });

  it('refuses a negative price and an unknown provider on refuel', async () => {
    const before = await warehouseCounts(s.t.database.db);
    const negative = await s.postEn('/api/warehouse/refuel/submit', {
      deviceId: device.id,
      items: [{ materialCodeId: material.id, quantity: 1, unitPrice: -1 }],
    });
    expect(negative.json().msg).toMatch(/The price is not valid/);
    const provider = await s.postEn('/api/warehouse/refuel/submit', {
      deviceId: device.id,
      providerId: '99',
      items: [{ materialCodeId: material.id, quantity: 1 }],
    });
    expect(provider.json().msg).toBe('The provider 99 does not exist');
    expect(await warehouseCounts(s.t.database.db)).toEqual(before);
  });

  it('refuses a disabled material', async () => {
    const disabled = await s.api.material({ name: 'Old', status: 0 });
    const res = await s.postEn('/api/warehouse/refuel/submit', {
      deviceId: device.id,
      items: [{ materialCodeId: disabled.id, quantity: 1 }],
    });
    expect(res.json().msg).toBe('The material Old is disabled');
  });
});
