import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex, verifyPassword } from '../../src/platform/auth/passwords.ts';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { DEMO_TENANT_ID } from '../../src/seed/demo-seed.ts';
import { seedPlatform } from '../../src/seed/platform-seed.ts';
import { freshDatabase } from '../support/database.ts';
import { expectLedgerEqualsBalances } from '../support/warehouse.ts';

let database: OpenDatabase;
const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await query.execute(database.db)).rows[0]!.n);

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('the warehouse seed', () => {
  it('makes the demo tenant once, with a living warehouse whose ledger equals its balances', async () => {
    const first = await seedPlatform(database.db, undefined, { demo: true });
    expect(first.demo).toEqual({ tenantId: DEMO_TENANT_ID, generatedPassword: first.generatedPassword });
    expect(first.generatedPassword).toMatch(/.{12,}/);
    const again = await seedPlatform(database.db, undefined, { demo: true });
    expect(again).toEqual({ created: false, generatedPassword: undefined, demo: undefined });

    const { rows } = await sql<{ password: string }>`
      select password from blade_user where tenant_id = ${DEMO_TENANT_ID} and account = 'admin'`.execute(database.db);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0]!.password, md5Hex(first.generatedPassword!))).toBe(true);
    expect(await verifyPassword(rows[0]!.password, md5Hex('admin'))).toBe(false);

    const inDemo = (table: string) =>
      count(sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where tenant_id = ${DEMO_TENANT_ID}`);
    expect(await inDemo('wh_device')).toBe(5);
    expect(await inDemo('wh_material_code')).toBe(6);
    expect(await inDemo('wh_refuel')).toBe(4);
    expect(await inDemo('wh_delivery')).toBe(5);
    expect(await inDemo('wh_warrant')).toBe(4);
    expect(await inDemo('wh_face_image')).toBe(4);
    expect(await inDemo('blade_dict_biz')).toBeGreaterThan(20);
    const notices = await sql<{ type: string }>`
      select type from wh_notice where tenant_id = ${DEMO_TENANT_ID} and treated = 0 order by type`.execute(
      database.db,
    );
    expect(notices.rows.map((r) => r.type)).toEqual(['low_stock', 'low_stock', 'low_stock', 'out_of_stock']);
    await expectLedgerEqualsBalances(database.db);
  });

  it('grants every warehouse menu and button to the tenant admin roles, and to those of new tenants', async () => {
    const warehouseMenus = await count(sql<{ n: string }>`
      with recursive w as (select id from blade_menu where code = 'warehouse'
        union select m.id from blade_menu m join w on m.parent_id = w.id) select count(*) as n from w`);
    expect(warehouseMenus).toBeGreaterThan(50);
    for (const tenantId of ['000000', DEMO_TENANT_ID]) {
      const granted = await count(sql<{ n: string }>`
        select count(*) as n from blade_role_menu rm join blade_role r on r.id = rm.role_id
        join blade_menu m on m.id = rm.menu_id
        where r.tenant_id = ${tenantId} and r.role_alias = 'admin' and m.path like '%warehouse%'`);
      expect(granted, tenantId).toBe(warehouseMenus);
    }
    const param = await sql<{ value: string }>`
      select param_value as value from blade_param where param_key = 'tenant.default.menuCode'`.execute(database.db);
    expect(param.rows[0]!.value.split(',')).toContain('warehouse');
  });
});
