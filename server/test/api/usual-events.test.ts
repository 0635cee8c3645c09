import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { createRole, createUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { warehouseApi } from '../support/warehouse.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The usual log's events of this kind, newest first, as the owner reads them. */
async function events(logId: string) {
  await t.app.platform.audit.flush();
  const { rows } = await sql<{ tenantId: string; createBy: string; logData: string; params: string | null }>`
    select tenant_id as "tenantId", create_by as "createBy", log_data as "logData", params from blade_log_usual
    where log_id = ${logId} order by create_time desc, id desc`.execute(t.database.db);
  return rows.map((r) => ({ ...r, data: JSON.parse(r.logData) as Record<string, unknown> }));
}

describe('business events in the usual log', () => {
  it('records a password change, a role grant, a tenant change, a stocktake and a cancel, with what they concern', async () => {
    const roleId = await createRole(t.database.db, '000000', 'eventful', []);
    await createUser(t.database.db, '000000', 'changer', 'changer-pass-1', { roleIds: [roleId] });
    const query = new URLSearchParams({
      tenantId: '000000',
      username: 'changer',
      password: md5Hex('changer-pass-1'),
      grant_type: 'password',
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${query}`,
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
    });
    const auth = { 'blade-auth': `bearer ${signIn.json().access_token}` };
    const change = new URLSearchParams({
      oldPassword: md5Hex('changer-pass-1'),
      newPassword: md5Hex('changer-pass-2'),
      newPassword1: md5Hex('changer-pass-2'),
    });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/blade-user/update-password?${change}`, headers: auth }))
        .statusCode,
    ).toBe(200);
    const [changed] = await events('user.passwordChange');
    expect(changed).toMatchObject({ tenantId: '000000', createBy: 'changer', params: null });
    expect(changed!.logData).not.toContain(md5Hex('changer-pass-2'));

    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/role/grant',
      headers: t.auth(),
      payload: { roleIds: [roleId], menuIds: [], dataScopeIds: [], apiScopeIds: [] },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await events('role.grant'))[0]!.data).toMatchObject({ roleIds: [roleId], menus: 0 });

    const tenant = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      headers: t.auth(),
      payload: { tenantName: 'Evented', adminPassword: 'evented-pass-1' },
    });
    expect(tenant.statusCode, tenant.body).toBe(200);
    expect((await events('tenant.create'))[0]!.data).toMatchObject({ name: 'Evented' });
    expect(JSON.stringify(await events('tenant.create'))).not.toContain('evented-pass-1');

    const api = warehouseApi(t);
    const device = await api.device();
    const material = await api.material();
    const refuel = await api.refuel(device.id, [{ materialCodeId: material.id, quantity: 10, unitPrice: 2 }]);
    const stocktake = await api.post('/api/warehouse/materials/stocktake', {
      deviceId: device.id,
      materialCodeId: material.id,
      countedQuantity: '10',
      reason: 'counted again',
    });
    expect(stocktake.statusCode, stocktake.body).toBe(200);
    expect((await events('warehouse.stocktake'))[0]!.data).toMatchObject({ reason: 'counted again' });
    expect((await api.post(`/api/warehouse/refuel/cancel?ids=${refuel.id}`)).statusCode).toBe(200);
    expect((await events('warehouse.refuel.cancel'))[0]).toMatchObject({
      createBy: 'admin',
      data: { ids: [refuel.id] },
    });
  });

  it('writes nothing for a change that was refused', async () => {
    const before = (await events('warehouse.stocktake')).length;
    const res = await warehouseApi(t).post('/api/warehouse/materials/stocktake', {
      deviceId: '1',
      materialCodeId: '1',
      countedQuantity: '1',
      reason: 'nothing there',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await events('warehouse.stocktake')).toHaveLength(before);
  });
});
