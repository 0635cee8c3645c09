import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionCodes } from '../../src/platform/auth/access.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createCaller } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Json, warehouseApi } from '../support/warehouse.ts';

// Every read needs its grant on the server (issue 15 #7): a screen a user may not open must not
// answer its rows either; the screens that pick a record get its narrow `select`, never the record.

let t: TestApp;
let api: ReturnType<typeof warehouseApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
});
afterAll(() => t.close());

describe('every read route', () => {
  it('answers 403 to a signed-in user whose role holds none of its codes', async () => {
    // `desk` (the home page) is the least a user holds; no read route is declared for it.
    const headers = await t.authFor(await createCaller(t.database.db, '000000', 'desk-only', ['desk']));
    const reads = t.app.platform.routes.filter(
      (r) => r.method === 'GET' && permissionCodes(r.access).length && !permissionCodes(r.access).includes('desk'),
    );
    expect(reads.length).toBeGreaterThan(50);
    const answered: string[] = [];
    for (const route of reads) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const res = await t.app.inject({ url, headers });
      if (res.statusCode !== 403) answered.push(`${url} ${res.statusCode}`);
    }
    expect(answered).toEqual([]);
  });

  it('leaves open to any signed-in user only the session’s own reads (menus, dictionaries, own roles) and the home page’s', async () => {
    const open = t.app.platform.routes
      .filter((r) => r.method === 'GET' && r.access === 'signedIn')
      .map((r) => r.url)
      .sort();
    expect(open).toEqual(
      [
        '/api/blade-auth/oauth/user-info',
        // one's own linked third-party accounts (issue 23)
        '/api/blade-auth/oauth/linked',
        '/api/blade-user/info',
        '/api/blade-system/user/info', // the same, in SpringBlade's dialect
        '/api/blade-system/role/select',
        '/api/blade-system/dept/select',
        '/api/blade-system/dict/dictionary',
        '/api/blade-system/dict/dictionary-tree',
        '/api/blade-system/dict-biz/dictionary',
        '/api/blade-system/dict-biz/dictionary-tree',
        ...['routes', 'buttons', 'auth-routes', 'top-menu', 'grant-tree', 'grant-top-tree'].map(
          (p) => `/api/blade-system/menu/${p}`,
        ),
        '/api/blade-system/menu/top-tree-keys',
        // the national divisions, for the cascading address selects of any form: public facts, no tenant's
        '/api/blade-system/region/select',
        // the home page of every user: the tenant's released notices, and the dashboard, whose every
        // part is answered only to who may read its source (desk-dashboard.test.ts)
        '/api/blade-desk/notice/top',
        '/api/blade-desk/dashboard/figures',
        // BladeX's desk: the same released notices as a list, the notices one wrote oneself, one's own
        // desk (account, today's sign), and activity (the tenant's to a log's readers, else one's own)
        '/api/blade-desk/notice/notices',
        '/api/blade-desk/notice/my-notices',
        '/api/blade-desk/dashboard/info',
        '/api/blade-desk/dashboard/activities',
        // a stored file's facts and link, to whoever names it: the 128-bit name an upload answered is the
        // capability the public file route already takes, and any signed-in user may upload (BladeX: no check)
        ...['stat-file', 'file-path', 'file-link'].map((p) => `/api/blade-resource/oss/endpoint/${p}`),
      ].sort(),
    );
  });
});

describe('warehouse pickers', () => {
  it('give a refuel clerk providers’ and materials’ id and name, and not their list or detail', async () => {
    const provider = (
      await api.post('/api/warehouse/provider/submit', {
        code: 'P-SECRET',
        name: 'Picked Provider',
        phone: '13800000000',
        bankAccount: '6222 0000',
      })
    ).json().data as Json;
    const clerk = await t.authFor(await createCaller(t.database.db, '000000', 'refuel-clerk', ['refuel']));
    expect((await api.get('/api/warehouse/provider/list', clerk)).statusCode).toBe(403);
    expect((await api.get(`/api/warehouse/provider/detail?id=${provider.id}`, clerk)).statusCode).toBe(403);
    const picked = await api.get('/api/warehouse/provider/select?name_like=Picked', clerk);
    expect(picked.statusCode).toBe(200);
    expect(picked.json().data).toEqual([{ id: provider.id, code: 'P-SECRET', name: 'Picked Provider' }]);
    // A filter on a field the picker does not answer is ignored, so it cannot reveal that field.
    const probe = await api.get('/api/warehouse/provider/select?phone_like=999', clerk);
    expect((probe.json().data as Json[]).map((r) => r.id)).toContain(provider.id);
    expect((await api.get('/api/blade-warehouse/device/select', clerk)).statusCode).toBe(200);
    expect((await api.get('/api/blade-warehouse/device/listTree', clerk)).statusCode).toBe(403);
    expect((await api.get('/api/warehouse/materialscode/list', clerk)).statusCode).toBe(403);
  });

  it('give a warrant clerk persons’ names only, and not their staff numbers or phones', async () => {
    const id = nextId();
    await sql`insert into wh_face_image (id, tenant_id, name, employee_no, phone)
      values (${id}, '000000', 'Named Person', 'E-78', '13900000000')`.execute(t.database.db);
    const clerk = await t.authFor(await createCaller(t.database.db, '000000', 'warrant-clerk', ['warrant']));
    expect((await api.get('/api/warehouse/faceimg/list', clerk)).statusCode).toBe(403);
    const picked = await api.get('/api/warehouse/faceimg/select?name=Named', clerk);
    expect(picked.json().data).toEqual([{ id, name: 'Named Person' }]);
    const stranger = await t.authFor(await createCaller(t.database.db, '000000', 'refuel-only', ['refuel']));
    expect((await api.get('/api/warehouse/faceimg/select', stranger)).statusCode).toBe(403);
  });
});
