import { describe, expect, it } from 'vitest';
import { checkSql } from '../../src/modules/report/sql-check.ts';
import { bindNames } from '../../src/modules/report/sql-params.ts';
import { AppError } from '../../src/platform/http/errors.ts';

/** The refusal of a SQL text: its message key and values; null when the text is accepted. */
async function refusal(text: string): Promise<{ key: string; params: Record<string, unknown> } | null> {
  try {
    await checkSql(text);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.status).toBe(400);
    return { key: error.key, params: error.params };
  }
}

describe('checkSql, what a SQL dataset may be', () => {
  it('accepts a SELECT over the report views with joins, CTEs, aggregates, windows, casts and parameters', async () => {
    for (const text of [
      'select m.name, sum(s.quantity) as qty from report.material m join stock s on s.material_code_id = m.id group by m.name',
      "with t as (select type_id, count(*) as n from material group by type_id) select t.n, date_trunc('month', now()) from t",
      'select name, row_number() over (order by code) from material where create_time >= $1::date',
      "select extract(year from movement_time), substring(remark from 1 for 3), coalesce(remark, '') from movement",
      "select to_char(refuel_time, 'YYYY-MM'), round(total_amount, 2) from refuel where refuel_time < current_date",
    ]) {
      expect(await refusal(text), text).toBeNull();
    }
  });

  it('refuses each kind of thing it must refuse, naming it', async () => {
    const cases: [string, string, Record<string, unknown>?][] = [
      ['select from where', 'report.sql.syntax'],
      ['select 1; select 2', 'report.sql.oneSelect'],
      ["set app.tenant_id = 'x'", 'report.sql.oneSelect'],
      ['insert into material (name) values ($1)', 'report.sql.modifying', { kind: 'INSERT' }],
      ["update material set name = 'x'", 'report.sql.modifying', { kind: 'UPDATE' }],
      ['delete from material', 'report.sql.modifying', { kind: 'DELETE' }],
      ['with d as (delete from material returning *) select * from d', 'report.sql.modifying', { kind: 'DELETE' }],
      ['select * into copy from material', 'report.sql.into'],
      ['select * from material for update', 'report.sql.locking'],
      ['with recursive r as (select 1 as n union all select n + 1 from r) select * from r', 'report.sql.recursive'],
      ["select set_config('app.all_tenants', 'on', true)", 'report.sql.function', { name: 'set_config' }],
      ["select current_setting('app.tenant_id')", 'report.sql.function', { name: 'current_setting' }],
      ['select pg_sleep(10)', 'report.sql.function', { name: 'pg_sleep' }],
      ['select pg_catalog.set_config($1, $2, true)', 'report.sql.function', { name: 'pg_catalog.set_config' }],
      ['select lo_import($1)', 'report.sql.function', { name: 'lo_import' }],
      ['select dblink_exec($1)', 'report.sql.function', { name: 'dblink_exec' }],
      ['select report.current_tenant()', 'report.sql.function', { name: 'report.current_tenant' }],
      ['select * from pg_class', 'report.sql.relation', { name: 'pg_class' }],
      ['select * from pg_catalog.pg_roles', 'report.sql.relation', { name: 'pg_catalog.pg_roles' }],
      ['select * from information_schema.tables', 'report.sql.relation', { name: 'information_schema.tables' }],
      ['select * from public.wh_material_code', 'report.sql.relation', { name: 'public.wh_material_code' }],
      ['select * from report.session', 'report.sql.relation', { name: 'report.session' }],
      ['select * from wh_stock_balance', 'report.sql.relation', { name: 'wh_stock_balance' }],
      ["select 'pg_class'::regclass", 'report.sql.node', { name: '::regclass' }],
      ['select current_user', 'report.sql.node', { name: 'current_user' }],
    ];
    for (const [text, key, params] of cases) {
      const found = await refusal(text);
      expect(found?.key, text).toBe(key);
      if (params) expect(found?.params, text).toEqual(params);
    }
  });
});

describe('bindNames, parameters always bound', () => {
  it('turns :name into $n outside quotes and comments, keeping casts', () => {
    const bound = bindNames(
      "select ':from', \"a:b\", x::text -- :to\n from movement where t >= :from and t < :to and u = :from /* :x */ and $$:y$$ = ''",
      new Set(['from', 'to']),
    );
    expect(bound).toEqual({
      text: "select ':from', \"a:b\", x::text -- :to\n from movement where t >= $1 and t < $2 and u = $1 /* :x */ and $$:y$$ = ''",
      names: ['from', 'to'],
    });
  });

  it('refuses a parameter the report does not declare', () => {
    expect(() => bindNames('select :nope', new Set())).toThrow(
      expect.objectContaining({ key: 'report.sql.unknownParam' }),
    );
  });
});
