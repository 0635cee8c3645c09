import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Json, warehouseApi } from '../support/warehouse.ts';

let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
const en = () => ({ ...t.auth(), 'accept-language': 'en-US' });

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
});
afterAll(() => t.close());

describe('/api/blade-warehouse/device', () => {
  it('keeps a tree of devices and answers it from listTree', async () => {
    const site = await api.device({ name: 'Site', type: 'site' });
    const cabinet = await api.device({ name: 'Cab 1', parentId: site.id });
    const tree = (await api.get('/api/blade-warehouse/device/listTree')).json().data as Json[];
    const node = tree.find((n) => n.id === site.id)!;
    expect(node).toMatchObject({ title: 'Site', key: site.id, hasChildren: true });
    expect((node.children as Json[])[0]).toMatchObject({ id: cabinet.id, parentId: site.id, typeName: '智能柜' });
    const refused = await api.post(`/api/blade-warehouse/device/remove?ids=${site.id}`);
    expect(refused.statusCode).toBe(400);
  });

  it('takes the type from the device_type dictionary and codes once per tenant', async () => {
    const bad = await api.call(
      'POST',
      '/api/blade-warehouse/device/submit',
      { code: 'X1', name: 'X', type: 'rocket' },
      en(),
    );
    expect(bad.json().msg).toBe('rocket is not an entry of the dictionary device_type');
    await api.device({ code: 'SAME' });
    const twice = await api.call(
      'POST',
      '/api/blade-warehouse/device/submit',
      { code: 'SAME', name: 'Y', type: 'slot' },
      en(),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('The device code SAME already exists');
  });
});

describe('/api/warehouse/materialstype', () => {
  it('refuses to remove a type with children or with materials', async () => {
    const root = await api.type({ name: 'Tools' });
    const child = await api.type({ name: 'Hand tools', parentId: root.id });
    expect((await api.post(`/api/warehouse/materialstype/remove?ids=${root.id}`)).statusCode).toBe(400);
    await api.material({ typeId: child.id });
    const withMaterial = await api.call('POST', `/api/warehouse/materialstype/remove?ids=${child.id}`, undefined, en());
    expect(withMaterial.statusCode).toBe(400);
    expect(withMaterial.json().msg).toBe('The material type still has materials and cannot be removed');
    const tree = (await api.get('/api/warehouse/materialstype/listTree')).json().data as Json[];
    expect(tree.find((n) => n.id === root.id)?.children).toHaveLength(1);
    const empty = await api.type();
    expect((await api.post(`/api/warehouse/materialstype/remove?ids=${empty.id}`)).statusCode).toBe(200);
  });
});

describe('/api/warehouse/materialscode', () => {
  it('checks its type, unit, provider and stock limits', async () => {
    const type = await api.type();
    const base = { code: 'MC-1', name: 'Glove', typeId: type.id, unit: 'pcs' };
    const post = (body: Json) => api.call('POST', '/api/warehouse/materialscode/submit', body, en());
    expect((await post({ ...base, typeId: '123' })).json().msg).toBe('The material type 123 does not exist');
    expect((await post({ ...base, unit: 'parsec' })).json().msg).toBe(
      'parsec is not an entry of the dictionary material_unit',
    );
    expect((await post({ ...base, defaultProviderId: '77' })).json().msg).toBe('The provider 77 does not exist');
    expect((await post({ ...base, safetyStock: 10, maxStock: 5 })).json().msg).toBe(
      'The maximum stock cannot be below the safety stock',
    );
    expect((await post({ ...base, safetyStock: -1 })).json().msg).toBe('The quantity cannot be negative');
    const provider = await api.provider();
    const saved = (
      await post({ ...base, defaultProviderId: provider.id, referencePrice: '2.5', safetyStock: 3 })
    ).json().data as Json;
    expect(saved).toMatchObject({ code: 'MC-1', referencePrice: '2.50', safetyStock: '3.000' });
    const detail = (await api.get(`/api/warehouse/materialscode/detail?id=${saved.id}`)).json().data;
    expect(detail).toMatchObject({ typeName: type.name, unitName: '个', defaultProviderName: 'Acme' });
    expect((await post(base)).statusCode).toBe(409);
  });

  it('lists the materials of a type and of the types below it', async () => {
    const root = await api.type();
    const child = await api.type({ parentId: root.id });
    const a = await api.material({ typeId: root.id });
    const b = await api.material({ typeId: child.id });
    const ids = (
      (await api.get(`/api/warehouse/materialscode/list?typeId=${root.id}`)).json().data.records as Json[]
    ).map((r) => r.id);
    expect(ids.sort()).toEqual([a.id, b.id].sort());
  });

  it('refuses to remove a material that has stock or movements', async () => {
    const device = await api.device();
    const material = await api.material();
    await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 1, unitPrice: 1 }]);
    const res = await api.call('POST', `/api/warehouse/materialscode/remove?ids=${material.id}`, undefined, en());
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      `The material ${material.name} has stock or movements and cannot be removed; disable it instead`,
    );
    const deviceRes = await api.call('POST', `/api/blade-warehouse/device/remove?ids=${device.id}`, undefined, en());
    expect(deviceRes.json().msg).toMatch(/has stock or movements/);
  });

  it('lets a viewer read but not write', async () => {
    const viewer = await t.authFor(await createCaller(t.database.db, '000000', 'mc-viewer', ['materialscode_view']));
    expect((await api.get('/api/warehouse/materialscode/list', viewer)).statusCode).toBe(200);
    const type = await api.type();
    const res = await api.post(
      '/api/warehouse/materialscode/submit',
      { code: 'V1', name: 'V', typeId: type.id },
      viewer,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('/api/warehouse/provider', () => {
  it('keeps providers with unique codes', async () => {
    await api.provider({ code: 'ACME', email: 'sales@acme.test' });
    const twice = await api.call('POST', '/api/warehouse/provider/submit', { code: 'ACME', name: 'Other' }, en());
    expect(twice.json().msg).toBe('The provider code ACME already exists');
    const bad = await api.call('POST', '/api/warehouse/provider/submit', { code: 'B', name: 'B', email: 'no' }, en());
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/warehouse/QR/generateCodeBs64', () => {
  it('answers a base64 PNG of the content', async () => {
    const res = await api.get('/api/warehouse/QR/generateCodeBs64?content=MC-0001');
    expect(res.statusCode).toBe(200);
    const png = Buffer.from(res.json().data as string, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('refuses an empty content', async () => {
    const res = await api.call('GET', '/api/warehouse/QR/generateCodeBs64?content=', undefined, en());
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Give the content of the QR code');
  });
});
