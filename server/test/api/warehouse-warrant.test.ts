import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyOutbound, assertWarranted } from '../../src/modules/warehouse/index.ts';
import { AppError } from '../../src/platform/http/errors.ts';
import { translate } from '../../src/platform/i18n/i18n.ts';
import { createTestApp, platformAdmin, type TestApp } from '../support/test-app.ts';
import { createPerson, type Json, warehouseApi, warehouseCounts } from '../support/warehouse.ts';

let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
let person: string;
let site: Json;
let cabinet: Json;
let otherSite: Json;
let gloves: Json;
let masks: Json;
const en = () => ({ ...t.auth(), 'accept-language': 'en-US' });
// Mid-month, so "yesterday" is in the same month.
const JUNE_15 = new Date(2026, 5, 15, 10, 0);
const JUNE_14 = new Date(2026, 5, 14, 16, 0);

/** The English message the warrant check refuses with, or 'ok'. */
async function check(items: { materialCodeId: unknown; quantity: string }[], deviceId = cabinet.id, at = JUNE_15) {
  try {
    await t.app.platform.tenantDb.inTenant('000000', (trx) =>
      assertWarranted(trx, '000000', {
        personId: person,
        deviceId: String(deviceId),
        items: items.map((i) => ({ materialCodeId: String(i.materialCodeId), quantity: i.quantity })),
        at,
      }),
    );
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return translate('en-US', error.key, error.params);
    throw error;
  }
}

/** A kiosk outbound (warrant-checked) of the person, at a given time. */
const kioskOutbound = (items: { materialCodeId: unknown; quantity: string }[], at: Date) =>
  t.app.platform.tenantDb.inTenant('000000', (trx) =>
    applyOutbound(
      trx,
      platformAdmin,
      {
        deviceId: String(cabinet.id),
        personId: person,
        items: items.map((i) => ({ materialCodeId: String(i.materialCodeId), quantity: i.quantity })),
      },
      { source: 'kiosk', checkWarrants: true, at },
    ),
  );

async function warrant(values: Json) {
  const res = await api.post('/api/warehouse/warrant/submit', { personId: person, ...values });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
}

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
  person = await createPerson(t.database.db, '000000', 'Li Lei');
  site = await api.device({ type: 'site' });
  cabinet = await api.device({ parentId: site.id });
  otherSite = await api.device({ type: 'site' });
  const ppe = await api.type({ name: 'PPE' });
  const hands = await api.type({ name: 'Hand protection', parentId: ppe.id });
  gloves = await api.material({ name: 'Gloves', typeId: hands.id });
  masks = await api.material({ name: 'Masks' });
  await api.refuel(cabinet.id, [
    { materialCodeId: gloves.id, quantity: 100, unitPrice: 1 },
    { materialCodeId: masks.id, quantity: 100, unitPrice: 1 },
  ]);
});
afterAll(() => t.close());

describe('/api/warehouse/warrant', () => {
  it('requires a scope, a known person and a sensible validity', async () => {
    const post = (body: Json) => api.call('POST', '/api/warehouse/warrant/submit', body, en());
    expect((await post({ personId: person })).json().msg).toBe(
      'Choose the material type or the material the warrant covers',
    );
    expect((await post({ personId: '123', materialCodeId: masks.id })).json().msg).toBe(
      'The person 123 does not exist',
    );
    expect((await post({})).json().msg).toBe('Please choose the person');
    const backwards = await post({
      personId: person,
      materialCodeId: masks.id,
      validFrom: '2026-02-01',
      validTo: '2026-01-01',
    });
    expect(backwards.json().msg).toBe('The warrant cannot end before it starts');
  });

  it('enables and disables warrants by ids, all or none', async () => {
    const w = await warrant({ materialCodeId: masks.id, remark: 'toggle' });
    expect((await api.post(`/api/warehouse/warrant/updateDisable?ids=${w.id}`)).statusCode).toBe(200);
    let found = (await api.get(`/api/warehouse/warrant/detail?id=${w.id}`)).json().data;
    expect(found).toMatchObject({ enabled: 0, personName: 'Li Lei', materialName: 'Masks' });
    expect((await api.post(`/api/warehouse/warrant/updateEnable?ids=${w.id},999`)).statusCode).toBe(404);
    expect((await api.post(`/api/warehouse/warrant/updateEnable?ids=${w.id}`)).statusCode).toBe(200);
    found = (await api.get(`/api/warehouse/warrant/page?personId=${person}&enabled=1`)).json().data.records;
    expect(found.map((r: Json) => r.id)).toContain(w.id);
    await api.post(`/api/warehouse/warrant/remove?ids=${w.id}`);
  });
});

describe('the warrant check of kiosk outbounds', () => {
  it('refuses a material no warrant covers', async () => {
    expect(await check([{ materialCodeId: gloves.id, quantity: '1' }])).toBe('Li Lei has no warrant for Gloves');
  });

  it('covers the materials of a type subtree at the devices below the warrant’s device, within its validity', async () => {
    const w = await warrant({ materialTypeId: gloves.typeId, deviceId: site.id, validTo: '2026-06-30T00:00:00Z' });
    expect(await check([{ materialCodeId: gloves.id, quantity: '1' }])).toBe('ok');
    expect(await check([{ materialCodeId: gloves.id, quantity: '1' }], otherSite.id)).toBe(
      'Li Lei has no warrant for Gloves',
    );
    expect(await check([{ materialCodeId: gloves.id, quantity: '1' }], cabinet.id, new Date(2026, 6, 2))).toBe(
      'The warrant of Li Lei for Gloves is not valid now',
    );
    await api.post(`/api/warehouse/warrant/updateDisable?ids=${w.id}`);
    expect(await check([{ materialCodeId: gloves.id, quantity: '1' }])).toBe(
      'The warrant of Li Lei for Gloves is disabled',
    );
    await api.post(`/api/warehouse/warrant/remove?ids=${w.id}`);
  });

  it('counts completed deliveries of the day and month, and this request’s lines, against the limits', async () => {
    const w = await warrant({ materialCodeId: masks.id, maxPerDay: 3, maxPerMonth: 5 });
    await kioskOutbound([{ materialCodeId: masks.id, quantity: '3' }], JUNE_14);
    expect(await check([{ materialCodeId: masks.id, quantity: '2' }])).toBe('ok');
    expect(
      await check([
        { materialCodeId: masks.id, quantity: '1' },
        { materialCodeId: masks.id, quantity: '1.5' },
      ]),
    ).toBe('Monthly limit exceeded: Masks at most 5 a month, 3 taken this month');
    const today = await kioskOutbound([{ materialCodeId: masks.id, quantity: '1' }], JUNE_15);
    expect(await check([{ materialCodeId: masks.id, quantity: '1' }])).toBe('ok');
    expect(await check([{ materialCodeId: masks.id, quantity: '2.5' }])).toBe(
      'Daily limit exceeded: Masks at most 3 a day, 1 taken today',
    );
    // A cancelled delivery gives its quantity back to the limits.
    await api.post(`/api/warehouse/delivery/cancel?ids=${today}`);
    expect(await check([{ materialCodeId: masks.id, quantity: '2' }])).toBe('ok');
    await api.post(`/api/warehouse/warrant/remove?ids=${w.id}`);
  });

  it('makes a refused kiosk outbound write nothing', async () => {
    await warrant({ materialCodeId: masks.id, maxPerDay: 1 });
    const before = await warehouseCounts(t.database.db);
    await expect(kioskOutbound([{ materialCodeId: masks.id, quantity: '2' }], JUNE_15)).rejects.toThrow(AppError);
    const nobody = t.app.platform.tenantDb.inTenant('000000', (trx) =>
      applyOutbound(
        trx,
        platformAdmin,
        { deviceId: String(cabinet.id), personId: '', items: [{ materialCodeId: String(masks.id), quantity: '1' }] },
        { source: 'kiosk', checkWarrants: true },
      ),
    );
    await expect(nobody).rejects.toMatchObject({ key: 'warehouse.person.required' });
    expect(await warehouseCounts(t.database.db)).toEqual(before);
  });

  it('does not limit back-office outbounds by warrants', async () => {
    const res = await api.post('/api/warehouse/delivery/save', {
      deviceId: cabinet.id,
      personId: person,
      items: [{ materialCodeId: gloves.id, quantity: 10 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ personName: 'Li Lei', source: 'web', operatorName: '管理员' });
  });
});

describe('limits and persons that the forms must give (issue 15 #19, #23)', () => {
  it('refuses a daily limit above the monthly one, on insert and on update', async () => {
    const submit = (body: Json) => api.post('/api/warehouse/warrant/submit', body, en());
    const above = await submit({ personId: person, materialCodeId: gloves.id, maxPerDay: '10', maxPerMonth: '5' });
    expect(above.statusCode).toBe(400);
    expect(above.json().msg).toBe('The daily limit cannot be above the monthly limit');
    const ok = await submit({ personId: person, materialCodeId: gloves.id, maxPerDay: '5', maxPerMonth: '5' });
    expect(ok.statusCode, ok.body).toBe(200);
    const raised = await submit({ id: ok.json().data.id, maxPerDay: '6' });
    expect(raised.json().msg).toBe('The daily limit cannot be above the monthly limit');
  });

  it('refuses a back-office outbound without the person who takes it, writing nothing', async () => {
    const before = await warehouseCounts(t.database.db);
    for (const personId of [undefined, '', null]) {
      const res = await api.post(
        '/api/warehouse/delivery/save',
        { deviceId: cabinet.id, personId, items: [{ materialCodeId: gloves.id, quantity: 1 }] },
        en(),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('Choose the person who takes the materials');
    }
    expect(await warehouseCounts(t.database.db)).toEqual(before);
  });
});
