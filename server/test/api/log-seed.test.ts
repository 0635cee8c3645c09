import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMonitorLogs } from '../../src/seed/log-seed.ts';
import { ADMIN_USER_ID } from '../../src/seed/platform-seed.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ADDED = ['log_login', 'log_login_view', 'online', 'online_view', 'online_logout'];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const granted = async (roleId: string) =>
  (
    await sql<{ code: string }>`select m.code from blade_role_menu rm join blade_menu m on m.id = rm.menu_id
      where rm.role_id = ${roleId} and m.code in (${sql.join(ADDED)}) order by m.code`.execute(t.database.db)
  ).rows.map((r) => r.code);

describe('seed step monitor-logs', () => {
  it('adds the new menus to an installation seeded before them, granted to the roles holding their parents', async () => {
    await createTenant(t.database.db, 'sd0001');
    const admin = await createRole(t.database.db, 'sd0001', 'admin', ['monitor', 'log', 'log_api']);
    const plain = await createRole(t.database.db, 'sd0001', 'plain', ['post']);
    // As before issue 20: the menus and their grants are not there.
    await sql`delete from blade_role_menu where menu_id in (select id from blade_menu where code in (${sql.join(ADDED)}))`.execute(
      t.database.db,
    );
    await sql`delete from blade_menu where code in (${sql.join(ADDED)})`.execute(t.database.db);
    await sql`delete from blade_param where param_key = 'log.retentionDays'`.execute(t.database.db);

    await t.database.db.transaction().execute((trx) => seedMonitorLogs(trx, ADMIN_USER_ID));
    expect(await granted(admin)).toEqual([...ADDED].sort());
    expect(await granted(plain)).toEqual([]);
    const { rows } = await sql`select 1 from blade_param where param_key = 'log.retentionDays'`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    // Again: nothing twice.
    await t.database.db.transaction().execute((trx) => seedMonitorLogs(trx, ADMIN_USER_ID));
    const { rows: twice } = await sql<{ n: string }>`select count(*) as n from blade_role_menu rm
      join blade_menu m on m.id = rm.menu_id where rm.role_id = ${admin} and m.code = 'online'`.execute(t.database.db);
    expect(Number(twice[0]!.n)).toBe(1);
  });
});
