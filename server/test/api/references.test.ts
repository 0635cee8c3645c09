import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { warehouseApi } from '../support/warehouse.ts';

// A record still named by live rows elsewhere is not removed (issue 15 #24): one rule of the CRUD
// factory, declared by each referenced resource, answering what names it.

let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
const EN = { 'accept-language': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
});
afterAll(() => t.close());

const remove = (url: string, id: unknown, lang: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${url}/remove?ids=${id}`, headers: { ...t.auth(), ...lang } });

describe('removing a referenced record', () => {
  it('refuses a provider of a refuel, naming it and the refuels, until the refuel is gone', async () => {
    const device = await api.device();
    const material = await api.material();
    const provider = await api.provider({ name: 'Still Used Co' });
    const refuel = await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 1 }], {
      providerId: provider.id,
    });
    const refused = await remove('/api/warehouse/provider', provider.id, EN);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('Still Used Co is still used by refuels and cannot be deleted');
    expect((await remove('/api/warehouse/provider', provider.id)).json().msg).toBe(
      'Still Used Co 正被入库单使用,不能删除',
    );
    // a cancelled refuel may be removed; then nothing names the provider any more
    expect((await api.post(`/api/warehouse/refuel/cancel?ids=${refuel.id}`)).statusCode).toBe(200);
    expect((await remove('/api/warehouse/refuel', refuel.id)).statusCode).toBe(200);
    expect((await remove('/api/warehouse/provider', provider.id)).statusCode).toBe(200);
  });

  it('refuses a person, a material type and a device that warrants name', async () => {
    const person = nextId();
    await sql`insert into wh_face_image (id, tenant_id, name) values (${person}, '000000', 'Warranted Person')`.execute(
      t.database.db,
    );
    const material = await api.material();
    const device = await api.device({ name: 'Warrant Cabinet' });
    const warrant = await api.post('/api/warehouse/warrant/submit', {
      personId: person,
      deviceId: device.id,
      materialCodeId: material.id,
      maxPerDay: 1,
    });
    expect(warrant.statusCode, warrant.body).toBe(200);
    expect((await remove('/api/warehouse/faceimg', person, EN)).json().msg).toBe(
      'Warranted Person is still used by warrants and cannot be deleted',
    );
    const typeOfWarrant = await api.type({ name: 'Warranted Type' });
    const byType = await api.post('/api/warehouse/warrant/submit', {
      personId: person,
      materialTypeId: typeOfWarrant.id,
      maxPerDay: 1,
    });
    expect(byType.statusCode, byType.body).toBe(200);
    expect((await remove('/api/warehouse/materialstype', typeOfWarrant.id, EN)).json().msg).toBe(
      'Warranted Type is still used by warrants and cannot be deleted',
    );
    expect((await remove('/api/blade-warehouse/device', device.id, EN)).json().msg).toBe(
      'Warrant Cabinet is still used by warrants and cannot be deleted',
    );
    // what nothing names goes
    const parent = await api.device();
    const child = await api.device({ parentId: parent.id });
    expect((await remove('/api/blade-warehouse/device', child.id)).statusCode).toBe(200);
    expect((await remove('/api/blade-warehouse/device', parent.id)).statusCode).toBe(200);
  });

  it('refuses a post that a user holds among several', async () => {
    const { rows } = await sql<{ id: string }>`
      insert into blade_post (id, tenant_id, category, post_code, post_name)
      values (${nextId()}, '000000', 1, 'held', 'Held Post') returning id`.execute(t.database.db);
    const post = String(rows[0]!.id);
    const userId = await createUser(t.database.db, '000000', 'post-holder', 'secret-1');
    await sql`update blade_user set post_id = ${`1,${post}`} where id = ${userId}`.execute(t.database.db);
    expect((await remove('/api/blade-system/post', post, EN)).json().msg).toBe(
      'Held Post is still used by users and cannot be deleted',
    );
    await sql`update blade_user set is_deleted = 1 where id = ${userId}`.execute(t.database.db);
    expect((await remove('/api/blade-system/post', post)).statusCode).toBe(200);
  });
});
