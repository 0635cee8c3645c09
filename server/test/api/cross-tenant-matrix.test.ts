import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../../src/platform/auth/guard.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import type { AnyDb } from '../../src/platform/tenancy/tenant-db.ts';
import { createTenant } from '../support/factories.ts';
import { type SecondDatabase, secondDatabase } from '../support/second-database.ts';
import { createTestApp, plainUser, platformAdmin, type TestApp } from '../support/test-app.ts';

/**
 * Every CRUD endpoint of the server (list, page, detail, submit, update, remove, found among the
 * registered routes) aimed by an administrator of tenant B, who holds every permission code, at a
 * record of tenant A. A resource without a fixture here fails the suite: new routes must join it.
 */
type Fixture =
  /** Platform-wide data that only the platform tenant reaches: tenant B is refused everything. */
  | { kind: 'platform' }
  /** Rows of one tenant: `create` makes one of tenant A and answers its id; `detailParam` names the id for detail. */
  | {
      kind: 'tenant';
      table: string;
      create: (db: AnyDb) => Promise<string>;
      change: Record<string, unknown>;
      detailParam?: string;
    }
  /** Platform-wide data every tenant reads but only the platform tenant changes. */
  | {
      kind: 'shared';
      table: string;
      key: string;
      create: (db: AnyDb) => Promise<string>;
      change: Record<string, unknown>;
    };

/** A row of a tenant-owned table of tenant A, with the columns given. */
function tenantRow(table: string, columns: Record<string, unknown>) {
  return async (db: AnyDb) => {
    const id = nextId();
    const values = { id, tenant_id: '000000', ...columns };
    await db.insertInto(table).values(values).execute();
    return id;
  };
}

const FIXTURES: Record<string, Fixture> = {
  // The logs (issue 20): read-only, rows of tenant A.
  '/api/blade-log/api': {
    kind: 'tenant',
    table: 'blade_log_api',
    change: {},
    create: tenantRow('blade_log_api', { method: 'POST', request_uri: '/api/matrix' }),
  },
  '/api/blade-log/error': {
    kind: 'tenant',
    table: 'blade_log_error',
    change: {},
    create: tenantRow('blade_log_error', { message: 'A error', stack_trace: 'at A' }),
  },
  '/api/blade-log/usual': {
    kind: 'tenant',
    table: 'blade_log_usual',
    change: {},
    create: tenantRow('blade_log_usual', { log_id: 'matrix', log_data: '{}' }),
  },
  '/api/blade-log/login': {
    kind: 'tenant',
    table: 'blade_log_login',
    change: {},
    create: tenantRow('blade_log_login', { account: 'a-user', result: 'success' }),
  },
  '/api/blade-log/online': {
    kind: 'tenant',
    table: 'blade_user_session',
    change: {},
    create: async (db) => {
      const id = randomUUID();
      await db
        .insertInto('blade_user_session')
        .values({
          id,
          tenant_id: '000000',
          user_id: '1123598821738675201',
          account: 'admin',
          expires_at: new Date(Date.now() + 3600_000),
        })
        .execute();
      return id;
    },
  },
  '/api/blade-system/param': { kind: 'platform' },
  '/api/blade-system/tenant': { kind: 'platform' },
  '/api/blade-system/tenant-package': { kind: 'platform' },
  '/api/blade-system/client': { kind: 'platform' },
  '/api/blade-system/social-provider': { kind: 'platform' },
  '/api/blade-develop/datasource': { kind: 'platform' },
  '/api/blade-develop/code': { kind: 'platform' },
  '/api/blade-system/role': {
    kind: 'tenant',
    table: 'blade_role',
    change: { roleName: 'taken by B' },
    create: tenantRow('blade_role', { role_name: 'A role', role_alias: 'a-role' }),
  },
  '/api/blade-system/topmenu': {
    kind: 'tenant',
    table: 'blade_top_menu',
    change: { name: 'taken by B' },
    create: tenantRow('blade_top_menu', { code: 'a-top', name: 'A top menu' }),
  },
  '/api/blade-system/dict-biz': {
    kind: 'tenant',
    table: 'blade_dict_biz',
    change: { dictValue: 'taken by B' },
    create: tenantRow('blade_dict_biz', {
      parent_id: 0,
      code: 'matrix_biz',
      dict_key: '-1',
      dict_value: 'A dict',
      sort: 1,
    }),
  },
  '/api/blade-system/dict': {
    kind: 'shared',
    table: 'blade_dict',
    key: 'id',
    change: { dictValue: 'taken by B' },
    create: async (db) => {
      const id = nextId();
      await sql`insert into blade_dict (id, parent_id, code, dict_key, dict_value) values (${id}, 0, 'matrix_dict', '-1', 'A dict')`.execute(
        db,
      );
      return id;
    },
  },
  '/api/blade-system/data-scope': {
    kind: 'shared',
    table: 'blade_scope_data',
    key: 'id',
    change: { scopeName: 'taken by B' },
    create: async (db) => {
      const id = nextId();
      await sql`insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_type)
        select ${id}, id, 'matrix', 'A scope', 1 from blade_menu where code = 'user'`.execute(db);
      return id;
    },
  },
  '/api/blade-system/api-scope': {
    kind: 'shared',
    table: 'blade_scope_api',
    key: 'id',
    change: { scopeName: 'taken by B' },
    create: async (db) => {
      const id = nextId();
      await sql`insert into blade_scope_api (id, menu_id, resource_code, scope_name, scope_path)
        select ${id}, id, 'matrix', 'A scope', '/api/x' from blade_menu where code = 'user'`.execute(db);
      return id;
    },
  },
  '/api/blade-system/menu': {
    kind: 'shared',
    table: 'blade_menu',
    key: 'id',
    change: { name: 'taken by B' },
    create: async (db) => {
      const id = nextId();
      await sql`insert into blade_menu (id, parent_id, code, name, path, category) values (${id}, 0, 'a-menu', 'A menu', '/a', 1)`.execute(
        db,
      );
      return id;
    },
  },
  '/api/blade-system/dept': {
    kind: 'tenant',
    table: 'blade_dept',
    change: { deptName: 'taken by B' },
    create: tenantRow('blade_dept', { parent_id: 0, ancestors: '0', dept_name: 'A dept' }),
  },
  '/api/blade-system/post': {
    kind: 'tenant',
    table: 'blade_post',
    change: { postName: 'taken by B' },
    create: tenantRow('blade_post', { post_code: 'a-post', post_name: 'A post' }),
  },
  '/api/blade-system/region': {
    kind: 'shared',
    table: 'blade_region',
    key: 'code',
    change: { name: 'taken by B' },
    create: async (db) => {
      await sql`insert into blade_region (code, parent_code, ancestors, name, region_level) values ('97', '00', '00', 'A region', 1)`.execute(
        db,
      );
      return '97';
    },
  },
  '/api/blade-resource/attach': {
    kind: 'tenant',
    table: 'blade_attach',
    change: { originalName: 'taken by B' },
    create: tenantRow('blade_attach', {
      link: `/api/blade-resource/oss/endpoint/file/000000/${'a'.repeat(32)}.txt`,
      domain: '/api/blade-resource/oss/endpoint/file',
      name: `000000/${'a'.repeat(32)}.txt`,
      original_name: 'A file.txt',
      extension: 'txt',
      attach_size: 1,
    }),
  },
  '/api/blade-resource/sms': {
    kind: 'tenant',
    table: 'blade_sms',
    change: { templateId: 'taken by B' },
    create: tenantRow('blade_sms', {
      category: 3,
      sms_code: 'a-sms',
      template_id: 'SMS_A',
      access_key: 'a-key',
      secret_key: 'sealed:v1:AAAA',
      sign_name: 'A',
    }),
  },
  '/api/blade-resource/oss': {
    kind: 'tenant',
    table: 'blade_oss',
    change: { remark: 'taken by B' },
    create: tenantRow('blade_oss', { category: 5, oss_code: 'a-disk' }),
  },
  '/api/blade-warehouse/device': {
    kind: 'tenant',
    table: 'wh_device',
    change: { name: 'taken by B' },
    create: tenantRow('wh_device', { code: 'a-device', name: 'A device', type: 'cabinet' }),
  },
  '/api/warehouse/materialstype': {
    kind: 'tenant',
    table: 'wh_material_type',
    change: { name: 'taken by B' },
    create: tenantRow('wh_material_type', { code: 'a-type', name: 'A type' }),
  },
  '/api/warehouse/materialscode': {
    kind: 'tenant',
    table: 'wh_material_code',
    change: { name: 'taken by B' },
    create: tenantRow('wh_material_code', { code: 'a-material', name: 'A material', type_id: 1 }),
  },
  '/api/warehouse/provider': {
    kind: 'tenant',
    table: 'wh_provider',
    change: { name: 'taken by B' },
    create: tenantRow('wh_provider', { code: 'a-provider', name: 'A provider' }),
  },
  '/api/warehouse/materials': {
    kind: 'tenant',
    table: 'wh_stock_balance',
    change: {},
    create: async (db) => {
      const device = await tenantRow('wh_device', { code: `d-${nextId()}`, name: 'A device', type: 'cabinet' })(db);
      const material = await tenantRow('wh_material_code', { code: `m-${nextId()}`, name: 'A m', type_id: 1 })(db);
      return tenantRow('wh_stock_balance', { device_id: device, material_code_id: material, quantity: 3 })(db);
    },
  },
  '/api/warehouse/movement': {
    kind: 'tenant',
    table: 'wh_stock_movement',
    change: {},
    create: tenantRow('wh_stock_movement', {
      device_id: 1,
      material_code_id: 1,
      kind: 'in',
      quantity: 1,
      unit_price: 1,
      amount: 1,
      balance_after: 1,
      source_type: 'refuel',
      source_id: 1,
    }),
  },
  '/api/warehouse/refuel': {
    kind: 'tenant',
    table: 'wh_refuel',
    change: { remark: 'taken by B' },
    create: tenantRow('wh_refuel', { refuel_no: 'RF-A', device_id: 1 }),
  },
  '/api/warehouse/delivery': {
    kind: 'tenant',
    table: 'wh_delivery',
    change: { remark: 'taken by B' },
    create: tenantRow('wh_delivery', { delivery_no: 'DL-A', device_id: 1 }),
  },
  '/api/warehouse/warrant': {
    kind: 'tenant',
    table: 'wh_warrant',
    change: { remark: 'taken by B' },
    create: tenantRow('wh_warrant', { person_id: 1, material_type_id: 1 }),
  },
  '/api/warehouse/faceimg': {
    kind: 'tenant',
    table: 'wh_face_image',
    change: { name: 'taken by B' },
    create: tenantRow('wh_face_image', { name: 'A person', descriptor: sql`'{0.1,0.2}'::real[]` }),
  },
  '/api/warehouse/notice': {
    kind: 'tenant',
    table: 'wh_notice',
    change: { title: 'taken by B' },
    create: tenantRow('wh_notice', { type: 'low_stock', title: 'A notice' }),
  },
  '/api/blade-flow/model': {
    kind: 'tenant',
    table: 'flow_model',
    change: { name: 'taken by B' },
    create: tenantRow('flow_model', { model_key: 'a_model', name: 'A model' }),
  },
  '/api/blade-flow/manager': {
    kind: 'tenant',
    table: 'flow_definition',
    change: {},
    create: async (db) => {
      const deployment = await tenantRow('flow_deployment', { name: 'a.bpmn' })(db);
      const id = `AMatrix:1:${nextId()}`;
      await db
        .insertInto('flow_definition')
        .values({
          id,
          tenant_id: '000000',
          deployment_id: deployment,
          key: 'AMatrix',
          version: 1,
          resource_name: 'a',
          xml: '<x/>',
        })
        .execute();
      return id;
    },
  },
  '/api/blade-flow/follow': {
    kind: 'tenant',
    table: 'flow_instance',
    change: {},
    create: tenantRow('flow_instance', { definition_id: 'Leave:1:1', name: 'A instance' }),
  },
  '/api/blade-desk/notice': {
    kind: 'tenant',
    table: 'blade_notice',
    change: { title: 'taken by B' },
    create: tenantRow('blade_notice', { title: 'A notice', category: 1, release_time: new Date(), content: 'for A' }),
  },
  // The report designer (issue 22); its copy, preview and export are in report.test.ts.
  '/api/blade-report/report/rest': {
    kind: 'tenant',
    table: 'blade_report_file',
    change: { name: 'taken by B' },
    create: tenantRow('blade_report_file', {
      name: 'A report',
      content: JSON.stringify({
        version: 1,
        sheet: { rows: 1, cols: 1, cells: [], merges: [] },
        datasets: [],
        params: [],
      }),
    }),
  },
  '/api/blade-desk/process/leave': {
    kind: 'tenant',
    table: 'blade_process_leave',
    change: {},
    detailParam: 'businessId',
    create: tenantRow('blade_process_leave', {
      process_definition_id: 'Leave:1:1',
      start_time: new Date(),
      end_time: new Date(),
      reason: 'A leave',
      task_user: 1,
      create_user: '1123598821738675201',
    }),
  },
  '/api/blade-user': {
    kind: 'tenant',
    table: 'blade_user',
    change: { name: 'taken by B' },
    create: async (db) => {
      const id = nextId();
      await sql`insert into blade_user (id, tenant_id, account, password, name, role_id, dept_id)
        values (${id}, '000000', ${`matrix-${id}`}, 'x', 'A user', '', '')`.execute(db);
      return id;
    },
  },
};
// SpringBlade's prefix serves the same user routes (proto-springblade): the same rows must stay apart.
FIXTURES['/api/blade-system/user'] = FIXTURES['/api/blade-user']!;

const CRUD_ACTIONS = ['list', 'page', 'detail', 'submit', 'update', 'remove'];
let t: TestApp;
let tenantB: Record<string, string>;

function crudPrefixes(routes: ApiRoute[]): Map<string, string[]> {
  const byPrefix = new Map<string, string[]>();
  for (const route of routes) {
    const cut = route.url.lastIndexOf('/');
    const [prefix, action] = [route.url.slice(0, cut), route.url.slice(cut + 1)];
    if (!CRUD_ACTIONS.includes(action) || typeof route.access !== 'object') continue;
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), action]);
  }
  return byPrefix;
}

async function rowSnapshot(table: string, id: string, key = 'id') {
  const { rows } = await sql`select * from ${sql.table(table)} where ${sql.ref(key)} = ${id}`.execute(t.database.db);
  return JSON.stringify(rows);
}

/** Shared rows: tenant B reads them like everyone, and every write of B is refused. */
async function sharedRowStaysTheirs(prefix: string, actions: string[], fixture: Extract<Fixture, { kind: 'shared' }>) {
  const id = await fixture.create(t.database.db);
  const before = await rowSnapshot(fixture.table, id, fixture.key);
  const covered: string[] = [];
  for (const action of actions) {
    const where = `${prefix}/${action}`;
    if (['submit', 'update', 'remove'].includes(action)) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${where}?ids=${id}&id=${id}`,
        headers: tenantB,
        payload: { id, [fixture.key]: id, ...fixture.change },
      });
      expect(res.statusCode, where).toBe(403);
    }
    covered.push(where);
  }
  expect(await rowSnapshot(fixture.table, id, fixture.key), prefix).toBe(before);
  return covered;
}

// On PostgreSQL the matrix runs twice: tenant B in the main database beside A, then in a second
// database of its own (issue 24), where it must reach no more of A's than beside it.
const LAYOUTS = process.env.TEST_DB === 'postgres' ? ['one database', 'two databases'] : ['one database'];

describe.each(LAYOUTS)('the cross-tenant matrix, tenants in %s', (layout) => {
  let second: SecondDatabase | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    await createTenant(t.database.db, '400001');
    let tenantBDb = t.database.db;
    if (layout === 'two databases') {
      second = await secondDatabase(t);
      await second.bind('400001');
      tenantBDb = await second.db();
    }
    const roleId = nextId();
    await sql`insert into blade_role (id, tenant_id, role_name, role_alias) values (${roleId}, '400001', 'B admin', 'admin')`.execute(
      tenantBDb,
    );
    const menus = await sql<{ id: string }>`select id from blade_menu`.execute(tenantBDb);
    expect(menus.rows.length).toBeGreaterThan(10);
    await tenantBDb
      .insertInto('blade_role_menu')
      .values(menus.rows.map((m) => ({ id: nextId(), menu_id: m.id, role_id: roleId })))
      .execute();
    tenantB = await t.authFor({
      ...plainUser,
      tenantId: '400001',
      userId: nextId(),
      roleIds: [roleId],
      roleAliases: ['admin'],
    });
  });
  afterAll(async () => {
    await t.close();
    await second?.drop();
  });

  it('has a fixture for every CRUD resource the server registers', () => {
    const prefixes = [...crudPrefixes(t.app.platform.routes).keys()];
    expect(prefixes.length).toBeGreaterThan(1);
    expect(prefixes.filter((p) => !FIXTURES[p])).toEqual([]);
  });

  it('gives a tenant-B administrator nothing of tenant A’s and lets them change nothing of A’s', async () => {
    const covered: string[] = [];
    for (const [prefix, actions] of crudPrefixes(t.app.platform.routes)) {
      const fixture = FIXTURES[prefix];
      if (!fixture) continue;
      if (fixture.kind === 'platform') {
        for (const action of actions) {
          const method = ['submit', 'update', 'remove'].includes(action) ? 'POST' : 'GET';
          const res = await t.app.inject({
            method,
            url: `${prefix}/${action}?id=1&ids=1`,
            headers: tenantB,
            payload: method === 'POST' ? { id: '1' } : undefined,
          });
          expect(res.statusCode, `${method} ${prefix}/${action}`).toBe(403);
          covered.push(`${prefix}/${action}`);
        }
        continue;
      }
      if (fixture.kind === 'shared') {
        covered.push(...(await sharedRowStaysTheirs(prefix, actions, fixture)));
        continue;
      }
      const id = await fixture.create(t.database.db);
      const before = await rowSnapshot(fixture.table, id);
      for (const action of actions) {
        const where = `${prefix}/${action}`;
        if (action === 'list' || action === 'page') {
          const res = await t.app.inject({ url: `${where}?size=1000`, headers: tenantB });
          expect(res.statusCode, where).toBe(200);
          expect(res.body, where).not.toContain(id);
        } else if (action === 'detail') {
          const res = await t.app.inject({ url: `${where}?${fixture.detailParam ?? 'id'}=${id}`, headers: tenantB });
          expect(res.statusCode, where).toBe(404);
          expect(res.body, where).not.toContain(id);
        } else if (action === 'submit' || action === 'update') {
          const res = await t.app.inject({
            method: 'POST',
            url: where,
            headers: tenantB,
            payload: { id, ...fixture.change },
          });
          expect([400, 403, 404], where).toContain(res.statusCode);
        } else if (action === 'remove') {
          const res = await t.app.inject({ method: 'POST', url: `${where}?ids=${id}`, headers: tenantB });
          expect([403, 404], where).toContain(res.statusCode);
        }
        covered.push(where);
      }
      expect(await rowSnapshot(fixture.table, id), prefix).toBe(before);
      // The platform administrator, in tenant A, does see the record: the fixture is real.
      const own = await t.app.inject({
        url: `${prefix}/detail?${fixture.detailParam ?? 'id'}=${id}`,
        headers: t.auth(platformAdmin),
      });
      if (actions.includes('detail')) expect(own.statusCode, `${prefix}/detail for tenant A`).toBe(200);
    }
    expect(covered.length).toBeGreaterThan(5);
  });
});
