import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { flowDifferences } from '../../src/modules/warehouse/stock/flows.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import type { AnyDb } from '../../src/platform/tenancy/tenant-db.ts';
import { createTenant } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Builders of warehouse data through the API (the platform administrator of tenant 000000 unless
// other headers are given), and readers of what the database holds.

type Headers = Record<string, string>;
export type Json = Record<string, unknown>;

export function warehouseApi(t: TestApp, headers: () => Headers = () => t.auth()) {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, as: Headers = headers()) =>
    t.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });
  const created = async (url: string, payload: object, as?: Headers): Promise<Json> => {
    const res = await call('POST', url, payload, as);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as Json;
  };
  let seq = 0;
  const code = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
  // Every outbound names who takes the materials: one person per caller, made on first use.
  const takers = new Map<string, Promise<unknown>>();
  const taker = (as?: Headers) => {
    const key = JSON.stringify(as ?? headers());
    if (!takers.has(key))
      takers.set(
        key,
        created('/api/warehouse/faceimg/submit', { name: 'Taker' }, as).then((p) => p.id),
      );
    return takers.get(key)!;
  };
  return {
    call,
    get: (url: string, as?: Headers) => call('GET', url, undefined, as),
    post: (url: string, payload?: object, as?: Headers) => call('POST', url, payload, as),
    device: (values: Json = {}, as?: Headers) =>
      created(
        '/api/blade-warehouse/device/submit',
        { code: code('D'), name: 'Cabinet', type: 'cabinet', ...values },
        as,
      ),
    type: (values: Json = {}, as?: Headers) =>
      created('/api/warehouse/materialstype/submit', { code: code('T'), name: 'Gloves', ...values }, as),
    provider: (values: Json = {}, as?: Headers) =>
      created('/api/warehouse/provider/submit', { code: code('P'), name: 'Acme', ...values }, as),
    async material(values: Json = {}, as?: Headers) {
      const typeId = values.typeId ?? (await this.type({}, as)).id;
      return created(
        '/api/warehouse/materialscode/submit',
        { code: code('M'), name: `Material ${seq}`, unit: 'pcs', typeId, ...values },
        as,
      );
    },
    refuel: (deviceId: unknown, items: Json[], values: Json = {}, as?: Headers) =>
      created('/api/warehouse/refuel/submit', { deviceId, items, ...values }, as),
    taker,
    deliver: async (deviceId: unknown, items: Json[], values: Json = {}, as?: Headers) =>
      created('/api/warehouse/delivery/save', { deviceId, items, personId: await taker(as), ...values }, as),
  };
}

/** The balance of a stock, and the sums of its ledger (which must agree). */
export async function stockOf(db: AnyDb, deviceId: unknown, materialCodeId: unknown) {
  const { rows } = await sql<{ quantity: string; amount: string; average: string }>`
    select quantity, amount, average_price as average from wh_stock_balance
    where device_id = ${String(deviceId)} and material_code_id = ${String(materialCodeId)}`.execute(db);
  const ledger = await sql<{ quantity: string; amount: string; count: string }>`
    select coalesce(sum(quantity), 0) as quantity, coalesce(sum(amount), 0) as amount, count(*) as count
    from wh_stock_movement where device_id = ${String(deviceId)} and material_code_id = ${String(materialCodeId)}`.execute(
    db,
  );
  return {
    quantity: Number(rows[0]?.quantity ?? 0),
    amount: Number(rows[0]?.amount ?? 0),
    average: Number(rows[0]?.average ?? 0),
    ledgerQuantity: Number(ledger.rows[0]!.quantity),
    ledgerAmount: Number(ledger.rows[0]!.amount),
    movements: Number(ledger.rows[0]!.count),
  };
}

/** Every balance of the database equals the sums of its ledger, quantity and amount, and so do the summaries. */
export async function expectLedgerEqualsBalances(db: AnyDb): Promise<void> {
  const { rows } = await sql<{ device_id: string; material_code_id: string }>`
    select b.device_id, b.material_code_id from wh_stock_balance b
    left join (select tenant_id, device_id, material_code_id, sum(quantity) as q, sum(amount) as a
               from wh_stock_movement group by 1, 2, 3) l
      using (tenant_id, device_id, material_code_id)
    where b.quantity <> coalesce(l.q, 0) or b.amount <> coalesce(l.a, 0)`.execute(db);
  expect(rows).toEqual([]);
  await expectFlowsEqualLedger(db);
}

/** The ledger's summaries that the reports read (`stock/flows.ts`) equal the ledger, in every tenant. */
export async function expectFlowsEqualLedger(db: AnyDb): Promise<void> {
  expect(await flowDifferences(db)).toEqual([]);
}

/** Row counts of the warehouse's tables, to show that a refused call wrote nothing. */
export async function warehouseCounts(db: AnyDb): Promise<Record<string, number>> {
  const tables = ['wh_stock_balance', 'wh_stock_movement', 'wh_refuel', 'wh_refuel_item', 'wh_delivery'];
  const counts: Record<string, number> = {};
  for (const table of [...tables, 'wh_delivery_item', 'wh_notice', 'wh_number_sequence', 'wh_warrant']) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]!.n);
  }
  const sums = await sql<{ q: string }>`select coalesce(sum(quantity), 0) as q from wh_stock_balance`.execute(db);
  counts.stock = Number(sums.rows[0]!.q);
  return counts;
}

/** A person (face-image record) of the tenant, written as the owner. */
export async function createPerson(db: AnyDb, tenantId: string, name: string): Promise<string> {
  const id = nextId();
  await sql`insert into wh_face_image (id, tenant_id, name) values (${id}, ${tenantId}, ${name})`.execute(db);
  return id;
}

/**
 * The shared frame of the stock suites: a fresh app with its warehouse helpers, a device of another
 * tenant (500500) to aim at, English answers on request, and the ledger checked against the balances
 * when the file is done.
 */
export function stockSuite() {
  const suite = {} as { t: TestApp; api: ReturnType<typeof warehouseApi>; foreignDevice: string };
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.api = warehouseApi(suite.t);
    await createTenant(suite.t.database.db, '500500');
    suite.foreignDevice = nextId();
    await sql`insert into wh_device (id, tenant_id, code, name, type)
      values (${suite.foreignDevice}, '500500', 'B-1', 'B', 'cabinet')`.execute(suite.t.database.db);
  });
  afterAll(async () => {
    await expectLedgerEqualsBalances(suite.t.database.db);
    await suite.t.close();
  });
  const en = () => ({ ...suite.t.auth(), 'accept-language': 'en-US' });
  return Object.assign(suite, {
    en,
    postEn: (url: string, body?: object) => suite.api.call('POST', url, body, en()),
    /** The notices of a material, oldest first. */
    async noticesOf(materialId: unknown) {
      const { rows } = await sql<{ type: string; treated: number }>`
        select type, treated from wh_notice where material_code_id = ${String(materialId)} order by id`.execute(
        suite.t.database.db,
      );
      return rows;
    },
  });
}
