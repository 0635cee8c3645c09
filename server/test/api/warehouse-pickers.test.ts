import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createCaller } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Json, warehouseApi } from '../support/warehouse.ts';

// What the web forms read besides their own resource: the persons to pick, and the stock of a line.

let t: TestApp;
let api: ReturnType<typeof warehouseApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
});
afterAll(() => t.close());

describe('GET /api/warehouse/faceimg/select', () => {
  it('answers the persons a warrant clerk picks from, without their face descriptors', async () => {
    const id = nextId();
    await sql`insert into wh_face_image (id, tenant_id, name, employee_no, descriptor)
      values (${id}, '000000', 'Picker Person', 'E-77', ${sql.raw("'{0.5,0.25}'::real[]")})`.execute(t.database.db);
    const clerk = await t.authFor(await createCaller(t.database.db, '000000', 'warrant-clerk', ['warrant']));
    const res = await api.get('/api/warehouse/faceimg/select?name=Picker', clerk);
    expect(res.statusCode).toBe(200);
    // the name only: staff numbers, phones and descriptors stay with the persons screen
    expect(res.json().data as Json[]).toEqual([{ id, name: 'Picker Person' }]);
    // picking a person is not keeping them: adding one needs faceimg_add
    expect((await api.post('/api/warehouse/faceimg/submit', { name: 'x' }, clerk)).statusCode).toBe(403);
  });
});

describe('GET /api/warehouse/materials/list for the delivery form', () => {
  it('lets whoever issues materials read the stock of exactly one device', async () => {
    const store = await api.device();
    const cabinet = await api.device({ parentId: store.id });
    const material = await api.material();
    await api.refuel(store.id, [{ materialCodeId: material.id, quantity: 5 }]);
    await api.refuel(cabinet.id, [{ materialCodeId: material.id, quantity: 2 }]);
    const issuer = await t.authFor(await createCaller(t.database.db, '000000', 'issuer', ['delivery', 'delivery_add']));
    const res = await api.get(
      `/api/warehouse/materials/list?deviceId_equal=${store.id}&materialCodeId_equal=${material.id}`,
      issuer,
    );
    expect(res.statusCode).toBe(200);
    expect((res.json().data.records as Json[]).map((r) => Number(r.quantity))).toEqual([5]);
  });
});
