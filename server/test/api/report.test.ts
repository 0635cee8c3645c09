import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { materialsTemplate, REPORT, reportApi } from '../support/report.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { warehouseApi } from '../support/warehouse.ts';

let t: TestApp;
let api: ReturnType<typeof reportApi>;
const postgres = process.env.TEST_DB === 'postgres';

beforeAll(async () => {
  t = await createTestApp();
  api = reportApi(t);
  const wh = warehouseApi(t);
  const device = await wh.device();
  const type = await wh.type({ name: 'Hands' });
  const gloves = await wh.material({ name: 'Gloves', typeId: type.id });
  const masks = await wh.material({ name: 'Masks', typeId: type.id });
  await wh.refuel(device.id, [
    { materialCodeId: gloves.id, quantity: 0.1, unitPrice: 1 },
    { materialCodeId: masks.id, quantity: 0.2, unitPrice: 1 },
  ]);
});
afterAll(() => t.close());

const reportCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from blade_report_file`.execute(t.database.db)).rows[0]!.n);
const submit = async (name: string, template = materialsTemplate()) => {
  const res = await api.post('submit', { name, template });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
};

describe('the stored reports', () => {
  it('adds, lists without the template, details with it, updates and removes a report', async () => {
    const id = await submit('Stock list');
    const list = (await api.get('list?name=Stock')).json().data;
    expect(list.records.map((r: { name: string }) => r.name)).toEqual(['Stock list']);
    expect(list.records[0]).not.toHaveProperty('template');
    const detail = (await api.get(`detail?id=${id}`)).json().data;
    expect(detail).toEqual({ id, name: 'Stock list', template: materialsTemplate() });
    expect((await api.post('submit', { id, name: 'Stock list 2' })).statusCode).toBe(200);
    expect((await api.get(`detail?id=${id}`)).json().data.template).toEqual(materialsTemplate());
    expect((await api.post(`remove?ids=${id}`)).statusCode).toBe(200);
    expect((await api.get(`detail?id=${id}`)).statusCode).toBe(404);
  });

  it('refuses a name taken in the tenant with 409, and a missing or long name, writing nothing', async () => {
    await submit('Taken');
    const before = await reportCount();
    const taken = await api.post('submit', { name: 'Taken', template: materialsTemplate() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('The report name Taken already exists');
    const missing = await api.post('submit', { name: ' ', template: materialsTemplate() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('Please enter the report name');
    expect((await api.post('submit', { name: 'x'.repeat(101), template: materialsTemplate() })).statusCode).toBe(400);
    expect(await reportCount()).toBe(before);
  });

  it('refuses a template that is not one, with the message of what is wrong', async () => {
    const cases: [object, string][] = [
      [{ ...materialsTemplate(), datasets: [] }, 'The cell (1, 0) binds the unknown dataset m'],
      [
        { ...materialsTemplate(), datasets: [{ name: 'm', kind: 'builtin', builtin: 'nope' }] },
        'There is no builtin dataset named nope',
      ],
      [{ ...materialsTemplate(), sheet: { ...materialsTemplate().sheet, rows: 1 } }, 'lies outside the sheet'],
      [{ ...materialsTemplate(), version: 2 }, 'version'],
    ];
    const before = await reportCount();
    for (const [template, message] of cases) {
      const res = await api.post('submit', { name: `Bad ${nextId()}`, template });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain(message);
    }
    expect(await reportCount()).toBe(before);
  });

  it('copies a report under a name made unique, in the caller’s language', async () => {
    const id = await submit('Copied');
    const first = (await api.post(`copy?id=${id}`)).json().data.id;
    const second = (await api.post(`copy?id=${id}`)).json().data.id;
    const zh = await t.app.inject({ method: 'POST', url: `${REPORT}/copy?id=${id}`, headers: t.auth() });
    const names = await Promise.all(
      [first, second, zh.json().data.id].map(async (c) => (await api.get(`detail?id=${c}`)).json().data.name),
    );
    expect(names).toEqual(['Copied (copy)', 'Copied (copy) 2', 'Copied（副本）']);
    expect((await api.get(`detail?id=${first}`)).json().data.template).toEqual(materialsTemplate());
  });
});

describe('datasets, fields and preview', () => {
  it('lists the builtin datasets with labels in the caller’s language', async () => {
    const data = (await api.get('datasets')).json().data;
    const stock = data.builtins.find((b: { key: string }) => b.key === 'stock_value_by_type');
    expect(stock.label).toBe('Stock value by material type');
    expect(stock.params.map((p: { name: string }) => p.name)).toEqual(['from', 'to']);
    expect(stock.fields.find((f: { name: string }) => f.name === 'value')).toEqual({
      name: 'value',
      type: 'number',
      label: 'Stock value',
    });
    expect(data.sqlAllowed).toBe(postgres);
  });

  it('answers a builtin dataset’s fields', async () => {
    const res = await api.post('fields', { dataset: { name: 'x', kind: 'builtin', builtin: 'movements' } });
    expect(res.json().data.fields.map((f: { name: string }) => f.name)).toEqual([
      'time',
      'kind',
      'material',
      'quantity',
      'amount',
      'document',
    ]);
  });

  it('renders a template being designed and a stored report, with parameters and exact sums', async () => {
    const grid = (await api.post('preview', { template: materialsTemplate(), params: { title: 'now' } })).json().data;
    const text = (row: number, col: number) =>
      grid.cells.find((c: { row: number; col: number }) => c.row === row && c.col === col)?.text;
    expect(text(0, 0)).toBe('Stock now');
    expect([text(1, 0), text(1, 1), text(2, 0), text(2, 1), text(3, 1)]).toEqual([
      'Gloves',
      '0.10',
      'Masks',
      '0.20',
      '0.30',
    ]);
    expect(grid.merges).toEqual([{ row: 0, col: 0, rowSpan: 1, colSpan: 2 }]);
    const id = await submit('Previewed');
    const stored = (await api.post('preview', { id, params: {} })).json().data;
    expect(stored.rows).toBe(4);
  });

  it('reads stock value by material type from the balances, and the period’s movements from the summaries', async () => {
    const wh = warehouseApi(t);
    const device = await wh.device();
    const type = await wh.type({ name: 'Tools' });
    const hammer = await wh.material({ name: 'Hammer', typeId: type.id });
    await wh.refuel(device.id, [{ materialCodeId: hammer.id, quantity: 4, unitPrice: 2.5 }]);
    await wh.deliver(device.id, [{ materialCodeId: hammer.id, quantity: 1 }]);
    const fields = ['type', 'materials', 'quantity', 'value', 'moved_in', 'moved_out'];
    const template = {
      version: 1,
      sheet: {
        rows: 1,
        cols: fields.length,
        cells: fields.map((field, col) => ({
          row: 0,
          col,
          bind: { dataset: 's', field, expand: 'down', aggregate: 'list' },
          ...(col > 1 ? { format: '0.00' } : {}),
        })),
        merges: [],
      },
      datasets: [{ name: 's', kind: 'builtin', builtin: 'stock_value_by_type' }],
      params: [
        { name: 'from', label: 'From', type: 'date', required: false },
        { name: 'to', label: 'To', type: 'date', required: false },
      ],
    };
    const rowOf = async (params: Record<string, string>) => {
      const grid = (await api.post('preview', { template, params })).json().data;
      const row = grid.cells.find((c: { text: string }) => c.text === 'Tools')?.row;
      return grid.cells.filter((c: { row: number }) => c.row === row).map((c: { text: string }) => c.text);
    };
    const today = new Date().toLocaleDateString('sv');
    // 4 in at 2.50, 1 out: 3 left worth 7.50
    expect(await rowOf({ from: today, to: today })).toEqual(['Tools', '1', '3.00', '7.50', '4.00', '1.00']);
    expect(await rowOf({ from: '2020-01-01', to: '2020-12-31' })).toEqual([
      'Tools',
      '1',
      '3.00',
      '7.50',
      '0.00',
      '0.00',
    ]);
    // kept between writes, and read again after one
    await wh.refuel(device.id, [{ materialCodeId: hammer.id, quantity: 2, unitPrice: 2.5 }]);
    expect(await rowOf({ from: today, to: today })).toEqual(['Tools', '1', '5.00', '12.50', '6.00', '1.00']);
  });

  it('refuses parameters that are missing or not of their type, naming the parameter', async () => {
    const template = materialsTemplate({
      params: [
        { name: 'title', label: 'Title', type: 'text', required: true },
        { name: 'day', label: 'Day', type: 'date', required: false },
        { name: 'n', label: 'Count', type: 'number', required: false },
      ],
    });
    const cases: [Record<string, string>, string][] = [
      [{}, 'Please fill in the parameter "Title"'],
      [{ title: 'x', day: '2026-02-30' }, 'The parameter "Day" must be a date written yyyy-MM-dd'],
      [{ title: 'x', day: '1/2/2026' }, 'The parameter "Day" must be a date written yyyy-MM-dd'],
      [{ title: 'x', n: '1e3' }, 'The parameter "Count" must be a number'],
    ];
    for (const [params, message] of cases) {
      const res = await api.post('preview', { template, params });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(message);
    }
    expect((await api.post('preview', { params: {} })).json().msg).toBe('Give the id of a report or a template');
  });

  it.skipIf(postgres)('refuses SQL datasets on the embedded database with the reason', async () => {
    const dataset = { name: 'm', kind: 'sql', sql: 'select name, 1 as stock from material' };
    const fields = await api.post('fields', { dataset });
    expect(fields.statusCode).toBe(400);
    expect(fields.json().msg).toBe('SQL datasets need PostgreSQL; use a builtin dataset');
    const template = materialsTemplate({ datasets: [dataset as never] });
    expect((await api.post('preview', { template, params: {} })).json().msg).toBe(
      'SQL datasets need PostgreSQL; use a builtin dataset',
    );
  });
});

describe('who may do what', () => {
  it('refuses each action to a caller without its button', async () => {
    const reader = await t.authFor(await createCaller(t.database.db, '000000', 'report-reader', ['report_list']));
    const viewer = await t.authFor(
      await createCaller(t.database.db, '000000', 'report-viewer', ['report_list', 'report_list_view']),
    );
    const id = await submit('Guarded');
    expect((await api.post('submit', { name: 'New', template: materialsTemplate() }, reader)).statusCode).toBe(403);
    expect((await api.post('submit', { id, name: 'Renamed' }, reader)).statusCode).toBe(403);
    expect((await api.post(`remove?ids=${id}`, undefined, reader)).statusCode).toBe(403);
    expect((await api.post(`copy?id=${id}`, undefined, reader)).statusCode).toBe(403);
    expect((await api.post('preview', { id, params: {} }, reader)).statusCode).toBe(403);
    expect((await api.get(`export?id=${id}&format=xlsx`, reader)).statusCode).toBe(403);
    expect((await api.post('preview', { id, params: {} }, viewer)).statusCode).toBe(200);
    expect((await api.post('preview', { template: materialsTemplate(), params: {} }, viewer)).statusCode).toBe(403);
    expect((await api.get('datasets', reader)).statusCode).toBe(200);
  });

  it('lets only the platform’s report_sql holders save a SQL dataset', async () => {
    const codes = ['report_list', 'report_list_add', 'report_list_design', 'report_sql'];
    await createTenant(t.database.db, '400022');
    const tenantDesigner = await t.authFor(await createCaller(t.database.db, '400022', 'designer', codes));
    const platformDesigner = await t.authFor(
      await createCaller(t.database.db, '000000', 'designer', codes.slice(0, 3)),
    );
    const template = materialsTemplate({
      datasets: [{ name: 'm', kind: 'sql', sql: 'select name, 1 as stock from material' }],
    });
    for (const headers of [tenantDesigner, platformDesigner]) {
      const res = await api.post('submit', { name: 'With SQL', template }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(
        'Only holders of the SQL datasets permission in the platform tenant may save a report with a SQL dataset',
      );
    }
    expect((await api.get('datasets', tenantDesigner)).json().data.sqlAllowed).toBe(false);
    const sqlSet = { name: 'm', kind: 'sql', sql: 'select name from material' };
    expect((await api.post('fields', { dataset: sqlSet }, platformDesigner)).statusCode).toBe(403);
    expect((await api.post('preview', { template, params: {} }, tenantDesigner)).statusCode).toBe(403);
    expect((await api.post('submit', { name: 'With SQL', template })).statusCode).toBe(200);
    const refused = await api.post('submit', {
      name: 'Writes',
      template: materialsTemplate({ datasets: [{ name: 'm', kind: 'sql', sql: 'delete from material' }] }),
    });
    expect(refused.json().msg).toBe('A SQL dataset may not write data (DELETE)');
  });

  it('answers 404 for another tenant’s report on every route that takes its id', async () => {
    await createTenant(t.database.db, '400023');
    const other = await t.authFor(
      await createCaller(t.database.db, '400023', 'all-reports', [
        'report_list',
        'report_list_view',
        'report_list_copy',
        'report_list_design',
      ]),
    );
    const id = await submit('Ours');
    const before = await reportCount();
    expect((await api.get(`detail?id=${id}`, other)).statusCode).toBe(404);
    expect((await api.post(`copy?id=${id}`, undefined, other)).statusCode).toBe(404);
    expect((await api.post('preview', { id, params: {} }, other)).statusCode).toBe(404);
    expect((await api.get(`export?id=${id}&format=pdf`, other)).statusCode).toBe(404);
    expect(await reportCount()).toBe(before);
  });
});
