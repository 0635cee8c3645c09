import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionCodes } from '../../src/platform/auth/access.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { ADMIN_DEPT_ID, flattenMenus } from '../../src/seed/access-seed.ts';
import { PLATFORM_ADMIN } from '../../src/seed/platform-seed.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createPerson, type Json, warehouseApi, warehouseCounts } from '../support/warehouse.ts';

// The warehouse's own actions (beyond the CRUD routes the cross-tenant matrix walks), aimed by a
// tenant-B user holding every warehouse code at tenant A's records.
let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
let tenantB: Record<string, string>;
let b: { userId: string; deptId: string };
let a: { device: Json; material: Json; refuel: Json; delivery: Json; warrant: string; notice: string };

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
  const device = await api.device();
  const material = await api.material({ safetyStock: 100 });
  const refuel = await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 5, unitPrice: 1 }]);
  const delivery = await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 1 }]);
  const person = await createPerson(t.database.db, '000000', 'A person');
  const warrant = (
    await api.post('/api/warehouse/warrant/submit', { personId: person, materialCodeId: material.id })
  ).json().data.id;
  const notice = (await api.get('/api/warehouse/notice/list')).json().data.records[0].id;
  a = { device, material, refuel, delivery, warrant, notice };
  await createTenant(t.database.db, '700700');
  const codes = flattenMenus()
    .filter((m) => m.path?.includes('warehouse'))
    .map((m) => m.code);
  const keeper = await createCaller(t.database.db, '700700', 'b-keeper', codes);
  tenantB = await t.authFor(keeper);
  b = { userId: keeper.userId, deptId: nextId() };
  await sql`insert into blade_dept (id, tenant_id, dept_name) values (${b.deptId}, '700700', 'b dept')`.execute(
    t.database.db,
  );
});
afterAll(() => t.close());

describe('warehouse actions across tenants', () => {
  it('refuses tenant B’s cancel, enable, disable and treat of tenant A’s records, changing nothing', async () => {
    const before = await warehouseCounts(t.database.db);
    const snapshot = async () =>
      JSON.stringify(
        (
          await sql`select wh_refuel.status as r, wh_delivery.status as d, enabled, treated
            from wh_refuel, wh_delivery, wh_warrant, wh_notice
            where wh_refuel.id = ${String(a.refuel.id)} and wh_delivery.id = ${String(a.delivery.id)}
              and wh_warrant.id = ${a.warrant} and wh_notice.id = ${a.notice}`.execute(t.database.db)
        ).rows,
      );
    const was = await snapshot();
    for (const url of [
      `/api/warehouse/refuel/cancel?ids=${a.refuel.id}`,
      `/api/warehouse/delivery/cancel?ids=${a.delivery.id}`,
      `/api/warehouse/warrant/updateDisable?ids=${a.warrant}`,
      `/api/warehouse/warrant/updateEnable?ids=${a.warrant}`,
    ]) {
      expect((await api.post(url, undefined, tenantB)).statusCode, url).toBe(404);
    }
    expect((await api.post('/api/warehouse/notice/treat', { ids: a.notice }, tenantB)).statusCode).toBe(404);
    expect(await snapshot()).toBe(was);
    expect(await warehouseCounts(t.database.db)).toEqual(before);
  });

  it('lets tenant B move no stock of tenant A’s and count none of its notices', async () => {
    const before = await warehouseCounts(t.database.db);
    const line = [{ materialCodeId: a.material.id, quantity: 1 }];
    for (const [url, body] of [
      ['/api/warehouse/delivery/save', { deviceId: a.device.id, items: line }],
      ['/api/warehouse/refuel/submit', { deviceId: a.device.id, items: line }],
      ['/api/warehouse/materials/stocktake', { ...line[0], deviceId: a.device.id, countedQuantity: 9, reason: 'x' }],
    ] as const) {
      const res = await api.post(url, body, tenantB);
      expect(res.statusCode, url).toBe(400);
    }
    expect(await warehouseCounts(t.database.db)).toEqual(before);
    expect((await api.get('/api/warehouse/notice/untreated', tenantB)).json().data).toBe(0);
    expect((await api.get('/api/warehouse/notice/untreated')).json().data).toBeGreaterThan(0);
  });
});

describe('user and dept references', () => {
  it('refuse another tenant’s user or dept on an outbound and a person, as any unknown record', async () => {
    const before = await warehouseCounts(t.database.db);
    const person = await createPerson(t.database.db, '000000', 'Taker A');
    const outbound = (extra: Json) => ({
      deviceId: a.device.id,
      personId: person,
      items: [{ materialCodeId: a.material.id, quantity: 1 }],
      ...extra,
    });
    const en = { ...t.auth(), 'accept-language': 'en-US' };
    for (const [url, body, msg] of [
      ['/api/warehouse/delivery/save', outbound({ userId: b.userId }), `The user ${b.userId} does not exist`],
      ['/api/warehouse/delivery/save', outbound({ deptId: b.deptId }), `The department ${b.deptId} does not exist`],
      ['/api/warehouse/faceimg/submit', { name: 'P', userId: b.userId }, `The user ${b.userId} does not exist`],
      ['/api/warehouse/faceimg/submit', { name: 'P', deptId: b.deptId }, `The department ${b.deptId} does not exist`],
    ] as const) {
      const res = await api.post(url, body, en);
      expect({ url, status: res.statusCode, msg: res.json().msg }).toEqual({ url, status: 400, msg });
    }
    expect(await warehouseCounts(t.database.db)).toEqual(before);
    // The tenant's own user and dept are taken.
    const own = { userId: PLATFORM_ADMIN.userId, deptId: ADMIN_DEPT_ID };
    expect((await api.post('/api/warehouse/delivery/save', outbound(own))).statusCode).toBe(200);
    expect((await api.post('/api/warehouse/faceimg/submit', { name: 'P', ...own })).statusCode).toBe(200);
  });
});

describe('warehouse permissions', () => {
  it('gates every warehouse route with codes of the seeded menus and buttons, but the kiosk’s', () => {
    const seeded = new Set(flattenMenus().map((m) => m.code));
    const routes = t.app.platform.routes.filter((r) => /^\/api\/(blade-)?warehouse\//.test(r.url));
    expect(routes.length).toBeGreaterThan(40);
    const kiosk = routes.filter((r) => r.access === 'kiosk').map((r) => r.url);
    expect(kiosk.sort()).toEqual([
      '/api/blade-warehouse/device/kiosk',
      '/api/warehouse/face/allowance',
      '/api/warehouse/face/faceRecognition',
    ]);
    for (const route of routes.filter((r) => r.access !== 'kiosk')) {
      const codes = permissionCodes(route.access);
      expect(codes.length, route.url).toBeGreaterThan(0);
      for (const code of codes) expect(seeded.has(code), `${route.url}: ${code}`).toBe(true);
    }
  });

  it('answers 403 to a signed-in user without the code', async () => {
    const clerk = await t.authFor(await createCaller(t.database.db, '000000', 'no-stock', ['refuel']));
    const res = await api.post(
      '/api/warehouse/delivery/save',
      { deviceId: a.device.id, items: [{ materialCodeId: a.material.id, quantity: 1 }] },
      clerk,
    );
    expect(res.statusCode).toBe(403);
    expect((await api.post(`/api/warehouse/refuel/cancel?ids=${a.refuel.id}`, undefined, clerk)).statusCode).toBe(403);
    expect((await api.get('/api/warehouse/refuel/list', clerk)).statusCode).toBe(200);
  });
});
