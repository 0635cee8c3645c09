import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql, sqlLimits } from '../../src/modules/report/sql-runner.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createTenant } from '../support/factories.ts';
import { materialsTemplate, reportApi } from '../support/report.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { warehouseApi } from '../support/warehouse.ts';

// SQL datasets run on PostgreSQL only (the embedded database's refusal is in report.test.ts).
const postgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let api: ReturnType<typeof reportApi>;

beforeAll(async () => {
  if (!postgres) return;
  t = await createTestApp();
  api = reportApi(t);
  await warehouseApi(t).material({ name: 'Ours' });
  await createTenant(t.database.db, '400030');
  const typeId = nextId();
  await sql`insert into wh_material_type (id, tenant_id, code, name) values (${typeId}, '400030', 'T', 'Theirs')`.execute(
    t.database.db,
  );
  await sql`insert into wh_material_code (id, tenant_id, code, name, type_id)
    values (${nextId()}, '400030', 'M', 'Theirs', ${typeId})`.execute(t.database.db);
});
afterAll(() => t?.close());

/** The preview of a one-column report over the SQL, as the platform administrator. */
const preview = (text: string, params: Record<string, string> = {}) =>
  api.post('preview', {
    template: materialsTemplate({
      sheet: {
        rows: 1,
        cols: 1,
        cells: [{ row: 0, col: 0, bind: { dataset: 'm', field: 'name', expand: 'down', aggregate: 'list' } }],
        merges: [],
      },
      datasets: [{ name: 'm', kind: 'sql', sql: text }],
      params: [{ name: 'from', label: 'From', type: 'date', required: false }],
    }),
    params,
  });
const names = (res: Awaited<ReturnType<typeof preview>>) =>
  res.json().data.cells.map((c: { text: string }) => c.text) as string[];
const written = async () =>
  (
    await sql<{ n: string }>`select (select count(*) from wh_material_code) + (select count(*) from report.session)
      + (select count(*) from blade_report_file) as n`.execute(t.database.db)
  ).rows[0]!.n;

describe.skipIf(!postgres)('SQL datasets', () => {
  it('read the caller’s tenant through the report views, with parameters bound', async () => {
    const res = await preview('select name from material where create_time >= :from order by name', {
      from: '2000-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res)).toContain('Ours');
    expect(names(res)).not.toContain('Theirs');
    const fields = await api.post('fields', {
      dataset: { name: 'm', kind: 'sql', sql: 'select name, reference_price, create_time from material where id > :x' },
    });
    expect(fields.json().data.fields).toEqual([
      { name: 'name', type: 'text' },
      { name: 'reference_price', type: 'number' },
      { name: 'create_time', type: 'date' },
    ]);
  });

  it('refuse every attempt to leave the tenant, write, wait or reach the catalogue, and write nothing', async () => {
    const before = await written();
    const cases: [string, string][] = [
      [
        "select name from material cross join (select set_config('app.all_tenants', 'on', true)) s",
        'A SQL dataset may not call the function set_config',
      ],
      ["select current_setting('app.tenant_id') as name", 'A SQL dataset may not call the function current_setting'],
      ["insert into material (name) values ('x')", 'A SQL dataset may not write data (INSERT)'],
      ["update material set name = 'x'", 'A SQL dataset may not write data (UPDATE)'],
      ['delete from material', 'A SQL dataset may not write data (DELETE)'],
      [
        'with d as (delete from material returning name) select name from d',
        'A SQL dataset may not write data (DELETE)',
      ],
      ['select pg_sleep(5) as name', 'A SQL dataset may not call the function pg_sleep'],
      [
        'select relname as name from pg_class',
        'A SQL dataset may read only the views of the report schema, not pg_class',
      ],
      [
        'select name from wh_material_code',
        'A SQL dataset may read only the views of the report schema, not wh_material_code',
      ],
      ['select name from material; select name from material', 'A SQL dataset must be exactly one SELECT statement'],
      ['select name from material; delete from material', 'A SQL dataset may not write data (DELETE)'],
    ];
    for (const [text, message] of cases) {
      const res = await preview(text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().msg, text).toBe(message);
    }
    expect(await written()).toBe(before);
  });

  it('cancel a run past the time limit', async () => {
    const kept = sqlLimits.timeoutMs;
    sqlLimits.timeoutMs = 300;
    try {
      const started = Date.now();
      const res = await preview(
        'select count(*)::text as name from generate_series(1, 100000) a cross join generate_series(1, 100000) b',
      );
      expect(res.json().msg).toBe('The SQL dataset ran longer than 0.3 s and was cancelled');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      sqlLimits.timeoutMs = kept;
    }
  });

  it('stay in the tenant and read-only even for SQL the checker never saw (the database’s own layer)', async () => {
    const run = (text: string) => runSql(t.database.db, '000000', { text, names: [] }, [], 100);
    const pinned = await run(
      "select name from material cross join (select set_config('app.tenant_id', '400030', true)) s",
    );
    expect(pinned.rows.map((r) => r.name)).not.toContain('Theirs');
    const refused = async (text: string) => (await run(text).catch((error) => error)).key;
    expect(await refused('select name from public.wh_material_code')).toBe('report.sql.failed');
    expect(await refused("insert into report.session values (1, '400030')")).toBe('report.sql.failed');
    expect(await refused('select name from report.session')).toBe('report.sql.failed');
    expect((await sql<{ n: string }>`select count(*) as n from report.session`.execute(t.database.db)).rows[0]!.n).toBe(
      '0',
    );
  });
});
