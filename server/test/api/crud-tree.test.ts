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
import { connectionBypassesRls } from '../../src/platform/tenancy/tenant-db.ts';
import { freshDatabase } from '../support/database.ts';
import { platformAdmin, TEST_SECRET, unusedStorage } from '../support/test-app.ts';

// A tree resource declared only for this suite: the factory's tree behaviour on its own.
const nodeResource: CrudResource = {
  table: 'test_node',
  tenantScoped: true,
  fields: { parentId: { column: 'parent_id', kind: 'id' }, name: { column: 'name', kind: 'text' } },
  filterStyle: 'map',
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  input: z.object({
    parentId: z.union([z.string(), z.number()]).transform(String).default('0'),
    name: z.string().min(1),
  }),
  tree: { parent: 'parentId', title: 'name' },
  permissions: { read: 'n', add: 'n', edit: 'n', remove: 'n' },
  hooks: {
    async decorate(_trx, _caller, records) {
      return records.map((r) => ({ ...r, label: `node ${r.name}` }));
    },
  },
};
const everything: PermissionResolver = {
  hasAny: async () => true,
  allowsPath: async () => true,
  dataScope: async () => 'all',
};

let database: OpenDatabase;
let app: FastifyInstance;
let headers: Record<string, string>;
const ids: Record<string, string> = {};

async function submit(payload: object) {
  return app.inject({ method: 'POST', url: '/api/test/node/submit', headers, payload });
}
const names = async () =>
  (
    await sql<{ name: string }>`select name from test_node where is_deleted = 0 order by name`.execute(database.db)
  ).rows.map((r) => r.name);

beforeAll(async () => {
  database = await freshDatabase();
  await sql`create table test_node (id bigint primary key, tenant_id varchar(12) not null, parent_id bigint not null default 0,
    name varchar(50) not null, create_user bigint, create_dept bigint, create_time timestamptz, update_user bigint,
    update_time timestamptz, status int not null default 1, is_deleted int not null default 0)`.execute(database.db);
  await enableTenantIsolation(database.db, 'test_node');
  await ensureAppRole(database.db);
  app = Fastify();
  const tokens = createTokenService(TEST_SECRET);
  await registerPlatform(app, {
    db: database.db,
    checkAnswers: true,
    store: createMemoryStore(),
    useAppRole: await connectionBypassesRls(database.db),
    tokens,
    sealer: createSealer(TEST_SECRET),
    permissions: () => everything,
    tokenHeader: 'Blade-Auth',
    apiDocs: false,
    ...unusedStorage,
  });
  registerCrudRoutes(app, { prefix: '/api/test/node', resource: nodeResource, tag: 'test' });
  await app.ready();
  headers = { 'blade-auth': `bearer ${await tokens.sign('access', platformAdmin, 's', 600)}` };
  ids.root = (await submit({ name: 'a-root' })).json().data.id;
  ids.child = (await submit({ name: 'b-child', parentId: ids.root })).json().data.id;
  ids.grandchild = (await submit({ name: 'c-grandchild', parentId: ids.child })).json().data.id;
  ids.other = (await submit({ name: 'd-other' })).json().data.id;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('tree resources of the CRUD factory', () => {
  it('answer the whole tree as nested nodes', async () => {
    const res = await app.inject({ url: '/api/test/node/tree', headers });
    const tree = res.json().data;
    expect(tree.map((n: { title: string }) => n.title)).toEqual(['a-root', 'd-other']);
    expect(tree[0]).toMatchObject({ id: ids.root, key: ids.root, value: ids.root, parentId: '0', hasChildren: true });
    expect(tree[0].children[0]).toMatchObject({ title: 'b-child', parentId: ids.root, hasChildren: true });
    expect(tree[0].children[0].children[0]).toMatchObject({ title: 'c-grandchild', hasChildren: false });
    expect(tree[1].children).toBeUndefined();
  });

  it('answer one level lazily, saying which nodes have children', async () => {
    const roots = (await app.inject({ url: '/api/test/node/lazy-tree?parentId=0', headers })).json().data;
    expect(roots.map((n: { title: string; hasChildren: boolean }) => [n.title, n.hasChildren])).toEqual([
      ['a-root', true],
      ['d-other', false],
    ]);
    const below = (await app.inject({ url: `/api/test/node/lazy-tree?parentId=${ids.root}`, headers })).json().data;
    expect(below.map((n: { title: string }) => n.title)).toEqual(['b-child']);
  });

  it('refuse to remove a node that has children, and remove a leaf', async () => {
    const refused = await app.inject({ method: 'POST', url: `/api/test/node/remove?ids=${ids.child}`, headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('请先删除子节点!');
    expect(await names()).toContain('b-child');
    const leaf = await submit({ name: 'e-leaf', parentId: ids.other });
    expect(
      (await app.inject({ method: 'POST', url: `/api/test/node/remove?ids=${leaf.json().data.id}`, headers }))
        .statusCode,
    ).toBe(200);
  });

  it('refuse a missing parent and a move below the node itself, writing nothing', async () => {
    const before = await names();
    const missing = await submit({ name: 'orphan', parentId: '424242' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('上级节点不存在');
    const cycle = await submit({ id: ids.root, parentId: ids.grandchild });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().msg).toBe('上级节点不能是自身或其下级');
    const self = await submit({ id: ids.root, parentId: ids.root });
    expect(self.statusCode).toBe(400);
    expect(await names()).toEqual(before);
  });

  it('decorate list and detail records through the hook', async () => {
    const list = (await app.inject({ url: '/api/test/node/list', headers })).json().data.records;
    expect(list[0].label).toBe('node a-root');
    const detail = (await app.inject({ url: `/api/test/node/detail?id=${ids.child}`, headers })).json().data;
    expect(detail.label).toBe('node b-child');
  });
});
