import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINISTRATOR_ROLE, PLATFORM_TENANT_ID } from '../../src/platform/tenancy/context.ts';
import { PLATFORM_ADMIN } from '../../src/seed/platform-seed.ts';
import { createCaller, createRole, createUser, grantOwnUserRowOnly } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 16 #2 and #10: reads of users and of role grants need the screen's permission and keep to
// the caller's data scope, whatever the route; grants to one role at once all succeed, one whole.

let t: TestApp;
let administratorRole: string;
const db = () => t.database.db;
const get = async (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

beforeAll(async () => {
  t = await createTestApp();
  administratorRole = String(
    (
      await sql<{ id: string }>`select id from blade_role
        where tenant_id = ${PLATFORM_TENANT_ID} and role_alias = ${ADMINISTRATOR_ROLE}`.execute(db())
    ).rows[0]!.id,
  );
});
afterAll(() => t.close());

describe('reads of users', () => {
  it('keep to the caller’s data scope in detail, allUserList and platform-detail, as in the list', async () => {
    const codes = ['user', 'user_view', 'user_platform', 'user_reset', 'user_delete', 'dept'];
    const caller = await createCaller(db(), PLATFORM_TENANT_ID, 'sees-self', codes);
    await grantOwnUserRowOnly(db(), caller.roleIds[0]!);
    const headers = await t.authFor(caller);
    const other = PLATFORM_ADMIN.userId;
    const list = (await get('/api/blade-user/page?size=100', headers)).json().data.records as { id: string }[];
    expect(list.map((u) => u.id)).toEqual([caller.userId]);
    expect((await get(`/api/blade-user/detail?id=${other}`, headers)).statusCode).toBe(404);
    expect((await get(`/api/blade-user/detail?id=${caller.userId}`, headers)).statusCode).toBe(200);
    const all = (await get('/api/blade-user/allUserList', headers)).json().data as { id: string }[];
    expect(all.map((u) => u.id)).toEqual([caller.userId]);
    for (const path of ['blade-user/platform-detail', 'blade-system/role/select', 'blade-system/dept/select']) {
      expect((await get(`/api/${path}?userId=${other}`, headers)).statusCode, path).toBe(404);
    }
    expect((await get(`/api/blade-system/role/select?userId=${caller.userId}`, headers)).statusCode).toBe(200);
    // What it cannot see it cannot touch either (here a user below the caller, so only the scope refuses).
    const hidden = await createUser(db(), PLATFORM_TENANT_ID, 'hidden-user', 'secret-1');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/blade-user/reset-password?userIds=${hidden}`,
      headers,
    });
    expect(reset.statusCode).toBe(404);
    // A hidden user above the caller is not found either: no answer tells that it exists.
    const remove = await t.app.inject({ method: 'POST', url: `/api/blade-user/remove?ids=${other}`, headers });
    expect(remove.statusCode).toBe(404);
    // Without a rule the caller's role sees every user, as before.
    const unscoped = await t.authFor(await createCaller(db(), PLATFORM_TENANT_ID, 'sees-all', ['user']));
    expect((await get(`/api/blade-user/detail?id=${other}`, unscoped)).statusCode).toBe(200);
    expect(((await get('/api/blade-user/allUserList', unscoped)).json().data as unknown[]).length).toBeGreaterThan(1);
  });
});

describe('GET /api/blade-system/menu/role-tree-keys', () => {
  it('needs the role screen’s codes, and hides the administrator role from all but the platform administrator', async () => {
    const url = (roleId: string) => `/api/blade-system/menu/role-tree-keys?roleIds=${roleId}`;
    const clerk = await createCaller(db(), PLATFORM_TENANT_ID, 'desk-clerk', ['desk']);
    expect((await get(url(clerk.roleIds[0]!), await t.authFor(clerk))).statusCode).toBe(403);
    const roleViewer = await createCaller(db(), PLATFORM_TENANT_ID, 'role-viewer', ['role']);
    const viewer = await t.authFor(roleViewer);
    expect((await get(url(administratorRole), viewer)).statusCode).toBe(404);
    const own = await get(url(roleViewer.roleIds[0]!), viewer);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.menu).toHaveLength(1);
    expect((await get(url(administratorRole), t.auth())).statusCode).toBe(200);
  });
});

describe('POST /api/blade-system/role/grant at once', () => {
  it('answers 200 to 50 grants to one role, which ends holding one of them whole', async () => {
    const roleId = await createRole(db(), PLATFORM_TENANT_ID, 'granted-at-once');
    await createUser(db(), PLATFORM_TENANT_ID, 'holds-granted', 'secret-1', { roleIds: [roleId] });
    const { rows } = await sql<{ id: string }>`
      select id from blade_menu where is_deleted = 0 order by id limit 60`.execute(db());
    const menus = rows.map((r) => String(r.id));
    // Overlapping sets of different sizes, so a mix of two would show.
    const sets = Array.from({ length: 50 }, (_, i) => menus.slice(i % 10, 10 + (i % 10) + i));
    const answers = await Promise.all(
      sets.map((menuIds) =>
        t.app.inject({
          method: 'POST',
          url: '/api/blade-system/role/grant',
          headers: t.auth(),
          payload: { roleIds: [roleId], menuIds, dataScopeIds: [], apiScopeIds: [] },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(sets.map(() => 200));
    const held = await sql<{ id: string }>`select menu_id as id from blade_role_menu where role_id = ${roleId}`.execute(
      db(),
    );
    const final = held.rows.map((r) => String(r.id)).sort();
    expect(sets.some((set) => JSON.stringify([...set].sort()) === JSON.stringify(final))).toBe(true);
  });
});
