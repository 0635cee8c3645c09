import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemPermissions } from '../../src/modules/system/index.ts';
import { createSealer } from '../../src/platform/auth/sealed-secrets.ts';
import { createTokenService } from '../../src/platform/auth/tokens.ts';
import type { CrudResource } from '../../src/platform/crud/resource.ts';
import { registerCrudRoutes } from '../../src/platform/crud/routes.ts';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { enableTenantIsolation, ensureAppRole } from '../../src/platform/db/rls.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { registerPlatform } from '../../src/platform/register.ts';
import { createMemoryStore } from '../../src/platform/store/memory-store.ts';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { connectionBypassesRls } from '../../src/platform/tenancy/tenant-db.ts';
import { seedPlatform } from '../../src/seed/platform-seed.ts';
import { freshDatabase } from '../support/database.ts';
import { createRole } from '../support/factories.ts';
import { TEST_SECRET, unusedStorage } from '../support/test-app.ts';

// A tenant-owned resource that declares a data scope; its permissions reuse the seeded param codes.
const noteResource: CrudResource = {
  table: 'scoped_note',
  tenantScoped: true,
  fields: { title: { column: 'title', kind: 'text' } },
  filterStyle: 'map',
  defaultOrder: [{ field: 'title', direction: 'asc' }],
  input: z.object({ title: z.string().min(1) }),
  dataScope: 'note',
  picker: { fields: ['title'], permissions: [] },
  permissions: { read: 'param', add: 'param_add', edit: 'param_edit', remove: 'param_delete' },
};
const NOTE_CODES = ['param', 'param_add'];
const [D1, D2, D3] = ['501', '502', '503']; // D2 is a child of D1; D3 stands apart

let database: OpenDatabase;
let app: FastifyInstance;
const tokens = createTokenService(TEST_SECRET);
let paramMenuId: string;

async function caller(userId: string, deptId: string, roleIds: string[]): Promise<Record<string, string>> {
  const c: Caller = {
    tenantId: '000000',
    userId,
    account: `u${userId}`,
    roleIds,
    roleAliases: ['x'],
    deptIds: [deptId],
    postIds: [],
    clientId: 'saber',
  };
  return { 'blade-auth': `bearer ${await tokens.sign('access', c, `s-${userId}-${roleIds.join('')}`, 600)}` };
}

/** A role allowed to list and add notes, with these data-scope rules (type, column, value). */
async function roleWithScopes(
  name: string,
  rules: [type: number, column: string | null, value: string | null][],
  codes = NOTE_CODES,
) {
  const roleId = await createRole(database.db, '000000', name, codes);
  for (const [type, column, value] of rules) {
    const scopeId = nextId();
    await sql`insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_column, scope_type, scope_value)
      values (${scopeId}, ${paramMenuId}, 'note', ${name}, ${column}, ${type}, ${value})`.execute(database.db);
    await sql`insert into blade_role_scope (id, scope_category, scope_id, role_id) values (${nextId()}, 1, ${scopeId}, ${roleId})`.execute(
      database.db,
    );
  }
  return roleId;
}

const titles = async (headers: Record<string, string>) => {
  const res = await app.inject({ url: '/api/test/note/list?size=100', headers });
  expect(res.statusCode).toBe(200);
  return (res.json().data.records as { title: string }[]).map((r) => r.title).sort();
};

beforeAll(async () => {
  database = await freshDatabase();
  await seedPlatform(database.db, 'admin-password');
  await sql`create table scoped_note (id bigint primary key, tenant_id varchar(12) not null, title varchar(100) not null,
    create_user bigint, create_dept bigint, create_time timestamptz, update_user bigint, update_time timestamptz,
    status int not null default 1, is_deleted int not null default 0)`.execute(database.db);
  await enableTenantIsolation(database.db, 'scoped_note');
  await ensureAppRole(database.db);
  await sql`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name) values
    (${D1}, '000000', 0, '0', 'd1'), (${D2}, '000000', ${D1}, ${`0,${D1}`}, 'd2'), (${D3}, '000000', 0, '0', 'd3')`.execute(
    database.db,
  );
  paramMenuId = (await sql<{ id: string }>`select id from blade_menu where code = 'param'`.execute(database.db))
    .rows[0]!.id;

  app = Fastify();
  await registerPlatform(app, {
    db: database.db,
    checkAnswers: true,
    store: createMemoryStore(),
    useAppRole: await connectionBypassesRls(database.db),
    tokens,
    sealer: createSealer(TEST_SECRET),
    permissions: systemPermissions,
    tokenHeader: 'Blade-Auth',
    apiDocs: false,
    ...unusedStorage,
  });
  registerCrudRoutes(app, { prefix: '/api/test/note', resource: noteResource, tag: 'test' });
  app.get('/api/test/other', { config: { access: 'signedIn' } }, async (_request, reply) => reply.ok('other'));
  app.get('/api/test/note-like', { config: { access: 'signedIn' } }, async (_request, reply) => reply.ok('sibling'));
  app.get('/api/blade-auth/oauth/test-session', { config: { access: 'signedIn' } }, async (_request, reply) =>
    reply.ok('ok'),
  );
  await app.ready();

  const writer = await roleWithScopes('writer', []);
  for (const [user, dept, title] of [
    ['11', D1, 'd1 by 11'],
    ['12', D2, 'd2 by 12'],
    ['13', D3, 'public d3 by 13'],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/note/submit',
      headers: await caller(user, dept, [writer]),
      payload: { title },
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('data scopes on list queries', () => {
  it('show everything without a rule, and with an "all" rule', async () => {
    const all = ['d1 by 11', 'd2 by 12', 'public d3 by 13'];
    expect(await titles(await caller('11', D1, [await roleWithScopes('no-rule', [])]))).toEqual(all);
    expect(await titles(await caller('11', D1, [await roleWithScopes('all', [[1, null, null]])]))).toEqual(all);
  });

  it('own rows (create_user)', async () => {
    expect(await titles(await caller('12', D2, [await roleWithScopes('own', [[2, null, null]])]))).toEqual([
      'd2 by 12',
    ]);
  });

  it('are each caller’s own, even for callers of one role', async () => {
    const own = await roleWithScopes('own-shared', [[2, null, null]]);
    expect(await titles(await caller('11', D1, [own]))).toEqual(['d1 by 11']);
    expect(await titles(await caller('12', D2, [own]))).toEqual(['d2 by 12']);
  });

  it('show nothing through a custom rule whose placeholder the caller cannot fill', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: BladeX's placeholder, literally
    const byDept = await roleWithScopes('by-dept', [[5, null, '{"createDept_equal":"${deptId}"}']]);
    const c: Caller = {
      tenantId: '000000',
      userId: '14',
      account: 'u14',
      roleIds: [byDept],
      roleAliases: ['x'],
      deptIds: [],
      postIds: [],
      clientId: 'saber',
    };
    const headers = { 'blade-auth': `bearer ${await tokens.sign('access', c, 's-14', 600)}` };
    expect(await titles(headers)).toEqual([]);
  });

  it('own dept rows, and own dept with its children', async () => {
    expect(await titles(await caller('11', D1, [await roleWithScopes('dept', [[3, null, null]])]))).toEqual([
      'd1 by 11',
    ]);
    expect(await titles(await caller('11', D1, [await roleWithScopes('dept-kids', [[4, null, null]])]))).toEqual([
      'd1 by 11',
      'd2 by 12',
    ]);
  });

  it('custom rules from typed conditions, with the caller’s id filled in', async () => {
    expect(
      await titles(
        await caller('11', D1, [await roleWithScopes('custom', [[5, null, '{"title_likeright":"public"}']])]),
      ),
    ).toEqual(['public d3 by 13']);
    expect(
      await titles(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: BladeX's placeholder, literally
        await caller('13', D3, [await roleWithScopes('custom-me', [[5, null, '{"createUser_equal":"${userId}"}']])]),
      ),
    ).toEqual(['public d3 by 13']);
  });

  it('let a row through when any rule of any role does', async () => {
    const own = await roleWithScopes('own-2', [[2, null, null]]);
    const pub = await roleWithScopes('public-2', [[5, null, '{"title_likeright":"public"}']]);
    expect(await titles(await caller('11', D1, [own, pub]))).toEqual(['d1 by 11', 'public d3 by 13']);
  });

  it('show nothing for a broken rule: bad JSON, an unknown field or column', async () => {
    expect(
      await titles(await caller('11', D1, [await roleWithScopes('bad-json', [[5, null, 'drop table x']])])),
    ).toEqual([]);
    expect(
      await titles(await caller('11', D1, [await roleWithScopes('bad-field', [[5, null, '{"secret_equal":"1"}']])])),
    ).toEqual([]);
    expect(await titles(await caller('11', D1, [await roleWithScopes('bad-column', [[3, 'password', null]])]))).toEqual(
      [],
    );
  });
});

describe('data scopes on every read and write by id', () => {
  it('hide from detail, select, update and remove what the list hides', async () => {
    const { rows } = await sql<{ id: string; title: string }>`select id, title from scoped_note`.execute(database.db);
    const idOf = (title: string) => String(rows.find((r) => r.title === title)!.id);
    const [own, other] = [idOf('d1 by 11'), idOf('d2 by 12')];
    const role = await roleWithScopes('own-all-actions', [[2, null, null]], ['param', 'param_edit', 'param_delete']);
    const headers = await caller('11', D1, [role]);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url: `/api/test/note/${url}`, headers, payload });
    expect((await call('GET', `detail?id=${other}`)).statusCode).toBe(404);
    expect((await call('GET', `detail?id=${own}`)).statusCode).toBe(200);
    expect((await call('GET', 'select')).json().data).toEqual([{ id: own, title: 'd1 by 11' }]);
    expect((await call('POST', 'submit', { id: other, title: 'taken over' })).statusCode).toBe(404);
    expect((await call('POST', `remove?ids=${other}`)).statusCode).toBe(404);
    const after = await sql<{ title: string; is_deleted: number }>`
      select title, is_deleted from scoped_note where id = ${other}`.execute(database.db);
    expect(after.rows[0]).toEqual({ title: 'd2 by 12', is_deleted: 0 });
  });
});

describe('API scopes', () => {
  it('limit a role that holds any to their paths, but never the session calls', async () => {
    const roleId = await createRole(database.db, '000000', 'api-limited', NOTE_CODES);
    const scopeId = nextId();
    await sql`insert into blade_scope_api (id, menu_id, resource_code, scope_name, scope_path)
      values (${scopeId}, ${paramMenuId}, 'note', 'notes only', '/api/test/note')`.execute(database.db);
    await sql`insert into blade_role_scope (id, scope_category, scope_id, role_id) values (${nextId()}, 2, ${scopeId}, ${roleId})`.execute(
      database.db,
    );
    const limited = await caller('11', D1, [roleId]);
    expect((await app.inject({ url: '/api/test/note/list', headers: limited })).statusCode).toBe(200);
    const other = await app.inject({ url: '/api/test/other', headers: limited });
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe('没有权限执行该操作');
    expect((await app.inject({ url: '/api/blade-auth/oauth/test-session', headers: limited })).statusCode).toBe(200);
    // A prefix covers what lies below it, not a sibling path that starts with the same letters.
    expect((await app.inject({ url: '/api/test/note-like', headers: limited })).statusCode).toBe(403);

    const free = await caller('11', D1, [await createRole(database.db, '000000', 'api-free', NOTE_CODES)]);
    expect((await app.inject({ url: '/api/test/other', headers: free })).statusCode).toBe(200);
  });
});
