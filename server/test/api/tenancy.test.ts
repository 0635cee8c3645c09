import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PermissionResolver } from '../../src/platform/auth/access.ts';
import { createSealer } from '../../src/platform/auth/sealed-secrets.ts';
import { createTokenService } from '../../src/platform/auth/tokens.ts';
import type { CrudResource } from '../../src/platform/crud/resource.ts';
import { registerCrudRoutes } from '../../src/platform/crud/routes.ts';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { enableTenantIsolation, ensureAppRole } from '../../src/platform/db/rls.ts';
import { registerPlatform } from '../../src/platform/register.ts';
import { createMemoryStore } from '../../src/platform/store/memory-store.ts';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import {
  type AnyTrx,
  connectionBypassesRls,
  createTenantDb,
  type TenantDb,
} from '../../src/platform/tenancy/tenant-db.ts';
import { freshDatabase } from '../support/database.ts';
import { platformAdmin, TEST_SECRET, unusedStorage } from '../support/test-app.ts';

// A tenant-owned resource declared only for this suite, to prove the factory's scoping on its own.
const noteResource: CrudResource = {
  table: 'test_note',
  tenantScoped: true,
  fields: { title: { column: 'title', kind: 'text' } },
  filterStyle: 'map',
  defaultOrder: [{ field: 'title', direction: 'asc' }],
  input: z.object({ title: z.string().min(1) }),
  unique: [{ fields: ['title'], index: 'test_note_title', message: 'error.badRequest' }],
  permissions: { read: 'note', add: 'note_add', edit: 'note_edit', remove: 'note_delete' },
};

// Administrators of two tenants, each holding every permission in its own tenant.
const tenantAdmins: PermissionResolver = {
  hasAny: async (caller: Caller) => caller.roleAliases.includes('administrator'),
  allowsPath: async () => true,
  dataScope: async () => 'all',
};
const tenantA: Caller = { ...platformAdmin, tenantId: '000000' };
const tenantB: Caller = { ...platformAdmin, tenantId: '222222', userId: '2', account: 'b-admin' };

let database: OpenDatabase;
let app: FastifyInstance;
let tenantDb: TenantDb;
const headers: Record<string, Record<string, string>> = {};
let noteOfA: string;

beforeAll(async () => {
  database = await freshDatabase();
  await sql`
    create table test_note (
      id bigint primary key, tenant_id varchar(12) not null, title varchar(100) not null,
      create_user bigint, create_dept bigint, create_time timestamptz, update_user bigint, update_time timestamptz,
      status int not null default 1, is_deleted int not null default 0)`.execute(database.db);
  await sql`create unique index test_note_title on test_note (tenant_id, title) where is_deleted = 0`.execute(
    database.db,
  );
  await enableTenantIsolation(database.db, 'test_note');
  await ensureAppRole(database.db);
  const useAppRole = await connectionBypassesRls(database.db);
  tenantDb = createTenantDb(database.db, useAppRole);
  app = Fastify();
  await registerPlatform(app, {
    db: database.db,
    checkAnswers: true,
    store: createMemoryStore(),
    useAppRole,
    tokens: createTokenService(TEST_SECRET),
    sealer: createSealer(TEST_SECRET),
    permissions: () => tenantAdmins,
    tokenHeader: 'Blade-Auth',
    apiDocs: false,
    ...unusedStorage,
  });
  registerCrudRoutes(app, {
    prefix: '/api/test/note',
    resource: noteResource,
    tag: 'test',
  });
  await app.ready();
  const tokens = createTokenService(TEST_SECRET);
  headers.A = { 'blade-auth': `bearer ${await tokens.sign('access', tenantA, 'sa', 600)}` };
  headers.B = { 'blade-auth': `bearer ${await tokens.sign('access', tenantB, 'sb', 600)}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/test/note/submit',
    headers: headers.A,
    payload: { title: 'a secret' },
  });
  expect(created.statusCode).toBe(200);
  expect(created.json().data.tenantId).toBe('000000');
  noteOfA = created.json().data.id;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const titles = async (who: 'A' | 'B') =>
  (await app.inject({ url: '/api/test/note/list', headers: headers[who] }))
    .json()
    .data.records.map((r: { title: string }) => r.title);

describe('the CRUD factory scopes a tenant-owned resource to the caller’s tenant', () => {
  it('lists only the caller’s rows', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/test/note/submit',
      headers: headers.B,
      payload: { title: 'b note' },
    });
    expect(await titles('A')).toEqual(['a secret']);
    expect(await titles('B')).toEqual(['b note']);
  });

  it('answers 404 for another tenant’s id on detail, update and remove, and changes nothing', async () => {
    const detail = await app.inject({ url: `/api/test/note/detail?id=${noteOfA}`, headers: headers.B });
    expect(detail.statusCode).toBe(404);
    const update = await app.inject({
      method: 'POST',
      url: '/api/test/note/submit',
      headers: headers.B,
      payload: { id: noteOfA, title: 'stolen' },
    });
    expect(update.statusCode).toBe(404);
    const remove = await app.inject({
      method: 'POST',
      url: `/api/test/note/remove?ids=${noteOfA}`,
      headers: headers.B,
    });
    expect(remove.statusCode).toBe(404);
    expect(await titles('A')).toEqual(['a secret']);
  });

  it('keeps unique values per tenant', async () => {
    const same = await app.inject({
      method: 'POST',
      url: '/api/test/note/submit',
      headers: headers.B,
      payload: { title: 'a secret' },
    });
    expect(same.statusCode).toBe(200);
    expect(await titles('A')).toEqual(['a secret']);
  });

  it('ignores a tenantId sent in the body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/note/submit',
      headers: headers.B,
      payload: { title: 'planted', tenantId: '000000' },
    });
    expect(res.json().data.tenantId).toBe('222222');
    expect(await titles('A')).toEqual(['a secret']);
  });
});

describe('row-level security backs the scoping in the database', () => {
  it('hides other tenants’ rows from a query that forgets the tenant filter', async () => {
    const seen = await tenantDb.inTenant('222222', (trx) => trx.selectFrom('test_note').select('tenant_id').execute());
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.tenant_id === '222222')).toBe(true);
  });

  it('refuses to write a row into another tenant', async () => {
    await expect(
      tenantDb.inTenant('222222', (trx) =>
        trx.insertInto('test_note').values({ id: '77', tenant_id: '000000', title: 'sneaky' }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const changed = await tenantDb.inTenant('222222', (trx) =>
      trx.updateTable('test_note').set({ title: 'x' }).where('id', '=', noteOfA).executeTakeFirst(),
    );
    expect(changed.numUpdatedRows).toBe(0n);
  });

  it('shows nothing outside a tenant, and everything only on the explicit cross-tenant path', async () => {
    const none = await tenantDb.inTenant('', (trx) => trx.selectFrom('test_note').select('id').execute());
    expect(none).toEqual([]);
    const all = await tenantDb.inAllTenants((trx) => trx.selectFrom('test_note').select('tenant_id').execute());
    expect(new Set(all.map((r) => r.tenant_id))).toEqual(new Set(['000000', '222222']));
  });
});

describe('access declarations', () => {
  it('stop the server when an API route declares none', async () => {
    const bare = Fastify();
    await registerPlatform(bare, {
      db: database.db,
      store: createMemoryStore(),
      useAppRole: false,
      tokens: createTokenService(TEST_SECRET),
      sealer: createSealer(TEST_SECRET),
      permissions: () => tenantAdmins,
      tokenHeader: 'Blade-Auth',
      apiDocs: false,
      ...unusedStorage,
    });
    expect(() => bare.get('/api/forgotten', async () => 'x')).toThrow(/declares no access/);
    await bare.close();
  });
});

describe('reads outside a transaction (TenantDb.readInTenant: on PostgreSQL the connection keeps the tenant)', () => {
  const unfiltered = async (trx: AnyTrx) =>
    (await sql<{ title: string }>`select title from test_note order by title`.execute(trx)).rows.map((r) => r.title);
  const whoAmI = async (trx: AnyTrx) =>
    (await sql<{ name: string }>`select current_user as name`.execute(trx)).rows[0]!.name;

  it('see their tenant’s rows only, whatever the connection served before, and leave the owner its rights', async () => {
    const ofA = await tenantDb.inTenant('000000', unfiltered);
    const ofB = await tenantDb.inTenant('222222', unfiltered);
    expect(ofA).toContain('a secret');
    expect(ofB).not.toEqual(ofA);
    for (let round = 0; round < 3; round++) {
      expect(await tenantDb.readInTenant('000000', unfiltered)).toEqual(ofA);
      expect(await tenantDb.readInTenant('222222', unfiltered)).toEqual(ofB);
      // a transaction of another tenant on the connection the read left, then a read of the first again
      expect(await tenantDb.inTenant('000000', unfiltered)).toEqual(ofA);
      expect(await tenantDb.readInTenant('222222', unfiltered)).toEqual(ofB);
      // the owner's own work, on the same connections: every tenant's rows, as its own user
      const owner = await sql<{ tenants: number; name: string }>`
        select count(distinct tenant_id)::int as tenants, current_user as name from test_note`.execute(database.db);
      expect(owner.rows[0]!.tenants).toBe(2);
      expect(owner.rows[0]!.name).toBe(await whoAmI(database.db as unknown as AnyTrx));
    }
    expect(await tenantDb.readInTenant('999999', unfiltered)).toEqual([]);
    if (await connectionBypassesRls(database.db))
      expect(await tenantDb.readInTenant('000000', whoAmI)).toBe('blade_app');
  });
});
