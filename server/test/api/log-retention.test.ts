import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeLogs, RETENTION_PARAM, retentionDays } from '../../src/modules/log/retention.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TABLES = ['blade_log_api', 'blade_log_error', 'blade_log_usual'] as const;

async function seedRows(daysAgo: number, id: number) {
  const at = sql`now() - make_interval(days => ${daysAgo})`;
  for (const [i, table] of TABLES.entries()) {
    await sql`insert into ${sql.table(table)} (id, tenant_id, create_time) values (${id + i}, ${'rt0001'}, ${at})`.execute(
      t.database.db,
    );
  }
  await sql`insert into blade_log_login (id, tenant_id, result, create_time) values (${id + 9}, 'rt0001', 'success', ${at})`.execute(
    t.database.db,
  );
}
const count = async (table: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where tenant_id = 'rt0001'`.execute(
        t.database.db,
      )
    ).rows[0]!.n,
  );

describe('the logs’ retention', () => {
  it('reads the parameter as whole days, else the default', () => {
    expect(retentionDays('30')).toBe(30);
    expect(retentionDays(' 0 ')).toBe(0);
    expect(retentionDays('-3')).toBe(90);
    expect(retentionDays('ten')).toBe(90);
    expect(RETENTION_PARAM).toBe('log.retentionDays');
  });

  it('is seeded as a parameter the platform administrator can change', async () => {
    const { rows } = await sql<{ value: string }>`
      select param_value as value from blade_param where param_key = ${RETENTION_PARAM} and is_deleted = 0`.execute(
      t.database.db,
    );
    expect(rows).toEqual([{ value: '90' }]);
  });

  it('deletes rows older than the days kept in every log, keeps the rest, and does nothing twice', async () => {
    await seedRows(40, 8800000);
    await seedRows(10, 8800100);
    await sql`insert into blade_user_session (id, tenant_id, user_id, expires_at)
      values (${randomUUID()}, 'rt0001', 1, now() - interval '3 days'), (${randomUUID()}, 'rt0001', 1, now() + interval '3 days')`.execute(
      t.database.db,
    );
    const first = await purgeLogs(t.app.platform.tenantDb, 30);
    for (const table of [...TABLES, 'blade_log_login']) {
      expect(first[table], table).toBeGreaterThanOrEqual(1);
      expect(await count(table), table).toBe(1);
    }
    expect(await count('blade_user_session')).toBe(1);
    // A second instance purging the same day finds nothing more.
    const again = await purgeLogs(t.app.platform.tenantDb, 30);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    // 0 days: kept forever.
    expect(await purgeLogs(t.app.platform.tenantDb, 0)).toEqual({});
    expect(await count('blade_log_api')).toBe(1);
  });
});
