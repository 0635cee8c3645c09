import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { flattenMenus } from '../../src/seed/access-seed.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Json, warehouseApi } from '../support/warehouse.ts';

// The reports, charts and home figures are kept in memory under the tenant's warehouse version
// (migration 0026, platform/db/versioned-results.ts): each read after a write must show the write,
// whichever table it changed, and nothing of one tenant may move or reach another's.
let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
let tenantB: Record<string, string>;
let device: Json;
let material: Json;
const R = '/api/warehouse/report';

const version = async (tenantId: string) => {
  const { rows } = await sql<{ value: string }>`
    select value from wh_data_version where tenant_id = ${tenantId}`.execute(t.database.db);
  return Number(rows[0]?.value ?? 0);
};
const read = async (url: string, headers = t.auth()) => {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().data;
};
const quantityOf = async (materialId: unknown, headers = t.auth()) => {
  const page = await read(`${R}/inventoryMaterias?size=50`, headers);
  const row = page.records.find((r: Json) => r.materialCodeId === materialId);
  return row ? Number(row.quantity) : undefined;
};

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
  device = await api.device();
  material = await api.material({ name: 'Kept gloves' });
  await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 5, unitPrice: 2 }]);
  await createTenant(t.database.db, '710710');
  const codes = flattenMenus()
    .filter((m) => m.path?.includes('warehouse'))
    .map((m) => m.code);
  tenantB = await t.authFor(await createCaller(t.database.db, '710710', 'kept-keeper', codes));
});
afterAll(() => t.close());

describe('the warehouse version', () => {
  it('is counted by every warehouse table but the face images, and by the business dictionaries', async () => {
    const { rows } = await sql<{ table: string }>`
      select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'
        and (c.relname like 'wh\\_%' or c.relname = 'blade_dict_biz')
        and c.relname not in ('wh_data_version', 'wh_face_image')
        and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = c.relname || '_versioned')
      order by 1`.execute(t.database.db);
    expect(rows.map((r) => r.table)).toEqual([]);
  });

  it('moves once for a document of many rows and tables, and not for a refused one', async () => {
    const before = await version('000000');
    const other = await api.material({ typeId: material.typeId });
    await api.refuel(device.id, [
      { materialCodeId: material.id, quantity: 1, unitPrice: 2 },
      { materialCodeId: other.id, quantity: 2, unitPrice: 3 },
    ]);
    expect(await version('000000')).toBe(before + 2); // the material, then the refuel
    const refused = await api.post('/api/warehouse/delivery/save', {
      deviceId: device.id,
      personId: await api.taker(),
      items: [{ materialCodeId: material.id, quantity: 1_000_000 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await version('000000')).toBe(before + 2);
  });

  it('is each tenant’s own, and counts no write that was rolled back', async () => {
    const before = await version('000000');
    await api.provider({}, tenantB);
    expect(await version('000000')).toBe(before);
    expect(await version('710710')).toBe(1);
    const undone = t.app.platform.tenantDb.inTenant('710710', async (trx) => {
      await sql`insert into wh_provider (id, tenant_id, code, name)
        values (${nextId()}, '710710', 'undone', 'Undone')`.execute(trx);
      throw new Error('undone');
    });
    await expect(undone).rejects.toThrow('undone');
    expect(await version('710710')).toBe(1);
    // the row is under the tenant policy: a tenant sees its own only
    const seen = await t.app.platform.tenantDb.inTenant('710710', (trx) =>
      sql<{ tenant_id: string }>`select tenant_id from wh_data_version`.execute(trx),
    );
    expect(seen.rows.map((r) => r.tenant_id)).toEqual(['710710']);
  });
});

describe('kept answers', () => {
  it('show each write at the next read: a refuel, a delivery, a rename, a cancel', async () => {
    const start = await quantityOf(material.id);
    expect(await quantityOf(material.id)).toBe(start); // kept
    const refuel = await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 4, unitPrice: 2 }]);
    expect(await quantityOf(material.id)).toBe(start! + 4);
    await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 3 }]);
    expect(await quantityOf(material.id)).toBe(start! + 1);
    const cancelled = await api.post(`/api/warehouse/refuel/cancel?ids=${refuel.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await quantityOf(material.id)).toBe(start! - 3);
    const renamed = await api.post('/api/warehouse/materialscode/submit', { ...material, name: 'Renamed gloves' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const page = await read(`${R}/inventoryDetail?materialCodeId=${material.id}`);
    expect(page.records.map((r: Json) => r.materialName)).toEqual(['Renamed gloves']);
  });

  it('show a unit renamed in the business dictionary', async () => {
    const unitName = async () =>
      (await read(`${R}/inventoryDetail?materialCodeId=${material.id}`)).records[0].unitName as string;
    const before = await unitName();
    const units = await read('/api/blade-system/dict-biz/dictionary?code=material_unit');
    const pcs = units.find((u: Json) => u.dictKey === 'pcs');
    const renamed = await api.post('/api/blade-system/dict-biz/submit', { ...pcs, dictValue: `${before} (kept)` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await unitName()).toBe(`${before} (kept)`);
  });

  it('show the home figures and charts after a write', async () => {
    const figures = await read(`${R}/keyFigures`);
    const value = Number(figures.stockValue);
    const flow = await read(`${R}/topConsumed`);
    await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 10, unitPrice: 3 }]);
    expect(Number((await read(`${R}/keyFigures`)).stockValue)).toBe(value + 30);
    const dashboard = await read('/api/blade-desk/dashboard/figures');
    expect(Number(dashboard.warehouse.stockValue)).toBe(value + 30);
    await api.deliver(device.id, [{ materialCodeId: material.id, quantity: 2 }]);
    const consumed = await read(`${R}/topConsumed`);
    const taken = (rows: Json[]) => Number(rows.find((r) => r.materialCodeId === material.id)?.quantity ?? 0);
    expect(taken(consumed)).toBe(taken(flow) + 2);
  });

  it('are never another tenant’s, and the same query in another language is its own', async () => {
    await read(`${R}/MaterialsPriceCount?groupBy=provider`);
    const theirs = await read(`${R}/MaterialsPriceCount?groupBy=provider`, tenantB);
    const ours = await read(`${R}/MaterialsPriceCount?groupBy=provider`);
    // read after ours under the same query: tenant B has no flows, and gets none of ours
    expect(ours.records.length).toBeGreaterThan(0);
    expect(theirs.records).toEqual([]);
    expect(await quantityOf(material.id, tenantB)).toBeUndefined();
    const names = async (language: string) =>
      (await read(`${R}/MaterialsPriceCount?groupBy=provider`, { ...t.auth(), 'accept-language': language })).records
        .map((r: Json) => r.groupName)
        .filter((name: string) => !name.startsWith('Acme'));
    // the outbound of materials without a provider has a row named in the reader's language
    expect(await names('en-US')).not.toEqual(await names('zh-CN'));
  });
});
