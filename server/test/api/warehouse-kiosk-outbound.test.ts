import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../support/faces.ts';
import { enrol, kioskApi, newKioskKey } from '../support/kiosk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Json, stockOf, warehouseApi, warehouseCounts } from '../support/warehouse.ts';

// What a recognised person may take at a kiosk, and the kiosk's outbound with its ticket, limited
// by their warrants. The face models load once for this file.
let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
let kiosk: ReturnType<typeof kioskApi>;
let cabinet: Json;
let vlad: string;
const m: Record<string, Json> = {};

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();
const ticket = async () => (await kiosk.recognise(await photos.manAgain())).json().data.ticket as string;
const warrant = async (values: Json) => {
  const res = await api.post('/api/warehouse/warrant/submit', { personId: vlad, ...values });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
};

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
  const site = await api.device({ type: 'site', name: 'Site' });
  cabinet = await api.device({ parentId: site.id, name: 'Cabinet' });
  const ppe = await api.type({ name: 'PPE' });
  for (const name of ['Gloves', 'Masks', 'Boots', 'Helmets', 'Goggles', 'Ear plugs', 'Vests']) {
    m[name] = await api.material({ name, typeId: ppe.id });
  }
  await api.refuel(cabinet.id, [
    ...['Gloves', 'Masks', 'Boots', 'Helmets', 'Goggles', 'Vests'].map((name) => ({
      materialCodeId: m[name]!.id,
      quantity: 100,
      unitPrice: 2,
    })),
    { materialCodeId: m['Ear plugs']!.id, quantity: 1, unitPrice: 2 },
  ]);
  vlad = await enrol(t, 'Vlad', await photos.man());
  kiosk = kioskApi(t, await newKioskKey(t, cabinet.id));
  await warrant({ materialCodeId: m.Gloves!.id, deviceId: site.id, maxPerDay: 3, maxPerMonth: 10 });
  await warrant({ materialCodeId: m.Masks!.id, maxPerMonth: 1 });
  await warrant({ materialCodeId: m.Helmets!.id, validTo: yesterday() });
  const off = await warrant({ materialCodeId: m.Goggles!.id });
  await api.post(`/api/warehouse/warrant/updateDisable?ids=${off.id}`);
  await warrant({ materialCodeId: m['Ear plugs']!.id });
});
afterAll(() => t.close());

describe('GET /api/warehouse/face/allowance', () => {
  it('lists what the ticket’s person may take here, with stock and what their warrants leave', async () => {
    const res = await kiosk.allowance(await ticket());
    expect(res.statusCode, res.body).toBe(200);
    const { personId, deviceId, items } = res.json().data;
    expect({ personId, deviceId }).toEqual({ personId: vlad, deviceId: String(cabinet.id) });
    expect(items.map((i: Json) => i.materialName).sort()).toEqual(['Ear plugs', 'Gloves', 'Masks']);
    const gloves = items.find((i: Json) => i.materialName === 'Gloves');
    expect(gloves).toMatchObject({ quantity: '100', remainingToday: '3', remainingThisMonth: '10', available: '3' });
    const plugs = items.find((i: Json) => i.materialName === 'Ear plugs');
    expect(plugs).toMatchObject({ quantity: '1', remainingToday: '', remainingThisMonth: '', available: '1' });
  });
});

describe('POST /api/warehouse/delivery/save from the kiosk', () => {
  it('records the outbound for the ticket’s person at the kiosk’s device, once per ticket', async () => {
    const pass = await ticket();
    const res = await kiosk.save(pass, [{ materialCodeId: m.Gloves!.id, quantity: 2 }], { purpose: 'repair' });
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json().data;
    expect(receipt).toMatchObject({
      deviceId: String(cabinet.id),
      personId: vlad,
      source: 'kiosk',
      purpose: 'repair',
      totalQuantity: '2.000',
    });
    expect(receipt.deliveryNo).toMatch(/^DL\d{12}$/);
    expect(receipt.items).toMatchObject([
      { materialName: 'Gloves', quantity: '2.000', unitPrice: '2.0000', unit: 'pcs', unitName: '个' },
    ]);
    expect((await stockOf(t.database.db, cabinet.id, m.Gloves!.id)).quantity).toBe(98);
    const again = await kiosk.save(pass, [{ materialCodeId: m.Gloves!.id, quantity: 1 }]);
    expect(again.json()).toMatchObject({ code: 400, msg: expect.stringMatching(/expired or was already used/) });
    const allowance = (await kiosk.allowance(await ticket())).json().data.items;
    expect(allowance.find((i: Json) => i.materialName === 'Gloves')).toMatchObject({
      unitName: '个',
      remainingToday: '1',
      remainingThisMonth: '8',
    });
  });

  it('refuses what the warrants do not allow, each with its message, writing nothing', async () => {
    const pass = await ticket();
    const before = await warehouseCounts(t.database.db);
    const cases: [string, number, string][] = [
      ['Gloves', 2, 'Daily limit exceeded: Gloves at most 3 a day, 2 taken today'],
      ['Masks', 2, 'Monthly limit exceeded: Masks at most 1 a month, 0 taken this month'],
      ['Helmets', 1, 'The warrant of Vlad for Helmets is not valid now'],
      ['Goggles', 1, 'The warrant of Vlad for Goggles is disabled'],
      ['Boots', 1, 'Vlad has no warrant for Boots'],
      ['Ear plugs', 2, 'insufficient stock: Ear plugs at Cabinet, available 1'],
    ];
    // A refused outbound gives the ticket back: the person may ask for less.
    for (const [name, quantity, msg] of cases) {
      const res = await kiosk.save(pass, [{ materialCodeId: m[name]!.id, quantity }]);
      expect(res.json(), name).toMatchObject({ code: 400, msg });
    }
    expect(await warehouseCounts(t.database.db)).toEqual(before);
    expect((await kiosk.save(pass, [{ materialCodeId: m.Gloves!.id, quantity: 1 }])).statusCode).toBe(200);
  });

  it('takes the device and person from the ticket, never from the body; staff outbounds stay unlimited', async () => {
    const pass = await ticket();
    const other = await api.device({ name: 'Elsewhere' });
    const res = await kiosk.save(pass, [{ materialCodeId: m['Ear plugs']!.id, quantity: 1 }], {
      deviceId: other.id,
      personId: '1',
    });
    expect(res.json().data).toMatchObject({ deviceId: String(cabinet.id), personId: vlad });
    const staff = await api.deliver(cabinet.id, [{ materialCodeId: m.Boots!.id, quantity: 5 }], { personId: vlad });
    expect(staff).toMatchObject({ source: 'web' });
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from wh_delivery where source = 'kiosk' and person_id = ${vlad}`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBe(3);
  });
});
