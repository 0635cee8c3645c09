import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { ADMINISTRATOR_ROLE, type Caller, PLATFORM_TENANT_ID } from '../../src/platform/tenancy/context.ts';
import { TENANT_ADMIN_ROLE_ALIAS } from '../../src/seed/access-seed.ts';
import { PLATFORM_ADMIN } from '../../src/seed/platform-seed.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The privilege matrix (issue 16 #1): every action on a user and on a role, taken by a caller whose
// one role holds only that action's button, is refused (403, in the caller's language) against a
// target above the caller (the platform administrator, a tenant administrator, a role holding more
// menus than the caller) and allowed against a peer (the caller's own menus) or a lesser target.
// A new action is one row of USER_ACTIONS or ROLE_ACTIONS.

const TENANT = 'pm0001';
const PENDING = 2;
const USER_SCREEN = ['user', 'user_view', 'user_add', 'user_edit', 'user_delete', 'user_reset', 'user_role'];
const ROLE_SCREEN = ['role', 'role_view', 'role_add', 'role_edit', 'role_delete', 'role_grant'];

interface Ctx {
  /** A role the caller may grant (holds no menu). */
  lesserRole: string;
  /** A dept of the caller's tenant. */
  deptId: string;
}
type Request = { method: 'GET' | 'POST'; url: string; payload?: object };

interface Action {
  name: string;
  /** The one button the caller's role holds. */
  code: string;
  /** The request acting on the target (a user id or a role id). */
  request(target: string, ctx: Ctx): Request;
  /** The status of a target the caller may act on (new users and roles are made for each row). */
  pending?: boolean;
}

const USER_ACTIONS: Action[] = [
  {
    name: 'edit (submit)',
    code: 'user_edit',
    request: (id) => ({ method: 'POST', url: '/api/blade-user/submit', payload: { id, realName: 'Renamed' } }),
  },
  {
    name: 'disable (submit status 0)',
    code: 'user_edit',
    request: (id) => ({ method: 'POST', url: '/api/blade-user/submit', payload: { id, status: 0 } }),
  },
  {
    name: 'edit (update)',
    code: 'user_edit',
    request: (id) => ({ method: 'POST', url: '/api/blade-user/update', payload: { id, realName: 'Renamed' } }),
  },
  {
    name: 'dept change',
    code: 'user_edit',
    request: (id, ctx) => ({ method: 'POST', url: '/api/blade-user/submit', payload: { id, deptId: ctx.deptId } }),
  },
  {
    name: 'role change (submit)',
    code: 'user_edit',
    request: (id, ctx) => ({ method: 'POST', url: '/api/blade-user/submit', payload: { id, roleId: ctx.lesserRole } }),
  },
  {
    name: 'approve',
    code: 'user_edit',
    pending: true,
    request: (id) => ({ method: 'POST', url: `/api/blade-user/approve?userIds=${id}` }),
  },
  {
    name: 'reset password',
    code: 'user_reset',
    request: (id) => ({ method: 'POST', url: `/api/blade-user/reset-password?userIds=${id}` }),
  },
  {
    name: 'remove',
    code: 'user_delete',
    request: (id) => ({ method: 'POST', url: `/api/blade-user/remove?ids=${id}` }),
  },
  {
    name: 'unlock',
    code: 'user_unlock',
    request: (id) => ({ method: 'POST', url: `/api/blade-user/unlock?userIds=${id}` }),
  },
  {
    name: 'role change (grant)',
    code: 'user_role',
    request: (id, ctx) => ({ method: 'POST', url: `/api/blade-user/grant?userIds=${id}&roleIds=${ctx.lesserRole}` }),
  },
  {
    name: 'platform settings',
    code: 'user_platform',
    request: (id) => ({ method: 'POST', url: `/api/blade-user/update-platform?userId=${id}&userType=2&userExt=x` }),
  },
];

const ROLE_ACTIONS: Action[] = [
  {
    name: 'edit',
    code: 'role_edit',
    request: (id) => ({ method: 'POST', url: '/api/blade-system/role/submit', payload: { id, roleName: 'Renamed' } }),
  },
  {
    name: 'remove',
    code: 'role_delete',
    request: (id) => ({ method: 'POST', url: `/api/blade-system/role/remove?ids=${id}` }),
  },
  {
    name: 'grant',
    code: 'role_grant',
    request: (id) => ({
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: { roleIds: [id], menuIds: [], dataScopeIds: [], apiScopeIds: [] },
    }),
  },
];

let t: TestApp;
const db = () => t.database.db;

/** A user holding these roles, written directly (no password hashing: tokens are signed for tests). */
async function user(tenantId: string, roleIds: string[], status = 1): Promise<string> {
  const id = nextId();
  await sql`insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, status)
    values (${id}, ${tenantId}, ${`u${id}`}, 'x', 'u', 'u', ${roleIds.join(',')}, ${status})`.execute(db());
  return id;
}

async function dept(tenantId: string): Promise<string> {
  const id = nextId();
  await sql`insert into blade_dept (id, tenant_id, dept_name) values (${id}, ${tenantId}, 'dept')`.execute(db());
  return id;
}

async function callerWith(tenantId: string, code: string): Promise<{ caller: Caller; roleId: string }> {
  const alias = `only-${code}`;
  const roleId = await createRole(db(), tenantId, alias, [code]);
  const userId = await user(tenantId, [roleId]);
  const caller = {
    tenantId,
    userId,
    account: `u${userId}`,
    roleIds: [roleId],
    roleAliases: [alias],
    deptIds: [],
    postIds: [],
    clientId: 'saber',
  };
  return { caller, roleId };
}

interface Setting {
  tenantId: string;
  /** Targets above any one-button caller: a role and a user holding it. */
  above: { name: string; roleId: string; userId: string }[];
}
const settings: Setting[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const adminRole = await sql<{ id: string }>`
    select id from blade_role where tenant_id = ${PLATFORM_TENANT_ID} and role_alias = ${ADMINISTRATOR_ROLE}`.execute(
    db(),
  );
  const manager = async (tenantId: string) => {
    const roleId = await createRole(db(), tenantId, 'manager', [...USER_SCREEN, ...ROLE_SCREEN, 'user_unlock']);
    return { name: 'a role holding more menus', roleId, userId: await user(tenantId, [roleId]) };
  };
  settings.push({
    tenantId: PLATFORM_TENANT_ID,
    above: [
      { name: 'the platform administrator', roleId: String(adminRole.rows[0]!.id), userId: PLATFORM_ADMIN.userId },
      await manager(PLATFORM_TENANT_ID),
    ],
  });
  await createTenant(db(), TENANT);
  // The tenant administrator: role `admin`, here with a few menus only, so that only its alias puts it above.
  const tenantAdminRole = await createRole(db(), TENANT, TENANT_ADMIN_ROLE_ALIAS, ['user']);
  settings.push({
    tenantId: TENANT,
    above: [
      { name: 'the tenant administrator', roleId: tenantAdminRole, userId: await user(TENANT, [tenantAdminRole]) },
      await manager(TENANT),
    ],
  });
});
afterAll(() => t.close());

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };

async function send(caller: Caller, req: Request, language = EN) {
  const headers = { ...(await t.authFor(caller)), ...language };
  return t.app.inject({ method: req.method, url: req.url, headers, payload: req.payload });
}

describe.each([
  { kind: 'user', actions: USER_ACTIONS },
  { kind: 'role', actions: ROLE_ACTIONS },
])('every action on a $kind', ({ kind, actions }) => {
  it.each(actions)('$name: refused above the caller, allowed on a peer or a lesser one', async (action) => {
    for (const { tenantId, above } of settings) {
      const { caller, roleId } = await callerWith(tenantId, action.code);
      const ctx = { lesserRole: await createRole(db(), tenantId, 'lesser'), deptId: await dept(tenantId) };
      for (const target of above) {
        const id = kind === 'user' ? target.userId : target.roleId;
        const res = await send(caller, action.request(id, ctx));
        expect({ tenantId, target: target.name, status: res.statusCode }).toEqual({
          tenantId,
          target: target.name,
          status: 403,
        });
        expect(res.json().msg).toMatch(/above yours|holds more than you do|^Only /);
      }
      // A peer holds the caller's own menus; a lesser target holds none. Each is made for this row.
      const status = action.pending ? PENDING : 1;
      const peerRole = await createRole(db(), tenantId, 'peer', [action.code]);
      const targets =
        kind === 'user'
          ? [await user(tenantId, [roleId], status), await user(tenantId, [ctx.lesserRole], status)]
          : [peerRole, await createRole(db(), tenantId, 'lesser-target')];
      for (const id of targets) {
        const res = await send(caller, action.request(id, ctx));
        expect({ tenantId, target: id, status: res.statusCode, msg: res.json().msg }).toMatchObject({ status: 200 });
      }
    }
  });
});

it('says why in the caller’s language', async () => {
  const { caller } = await callerWith(TENANT, 'user_reset');
  const target = settings[1]!.above[0]!.userId;
  const req = { method: 'POST' as const, url: `/api/blade-user/reset-password?userIds=${target}` };
  expect((await send(caller, req, ZH)).json()).toMatchObject({ code: 403, success: false });
  expect((await send(caller, req, ZH)).json().msg).toContain('超出您权限');
  expect((await send(caller, req, EN)).json().msg).toContain('holds a role above yours');
});
