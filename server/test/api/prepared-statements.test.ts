import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { freshDatabase } from '../support/database.ts';

// Statements prepared on real connections (platform/db/prepared-statements.ts; its rules are unit-tested
// with a recording client): PostgreSQL only, the embedded database prepares nothing.
const postgres = process.env.TEST_DB === 'postgres';

let database: OpenDatabase;
beforeAll(async () => {
  if (!postgres) return;
  database = await freshDatabase();
  await sql`create table prepared_probe (id int primary key)`.execute(database.db);
  await sql`insert into prepared_probe values (1)`.execute(database.db);
});
afterAll(() => database?.close());

const probe = (db: Kysely<unknown>) =>
  sql<Record<string, number>>`select * from prepared_probe where id = ${1}`.execute(db);
const preparedHere = (db: Kysely<unknown>) =>
  sql<{
    n: number;
  }>`select count(*)::int as n from pg_prepared_statements where statement like '%prepared_probe%'`.execute(db);

describe.skipIf(!postgres)('statements prepared on a PostgreSQL connection', () => {
  it('prepares a statement from its third use, answers it, and sends it again unprepared once its columns change', async () => {
    await database.db.connection().execute(async (db) => {
      for (let i = 0; i < 4; i++) expect((await probe(db)).rows).toEqual([{ id: 1 }]);
      expect((await preparedHere(db)).rows[0]?.n).toBe(1);
      await sql`alter table prepared_probe add column label text default 'x'`.execute(db);
      // PostgreSQL refuses the prepared statement (0A000, its result changed): sent as text instead
      expect((await probe(db)).rows).toEqual([{ id: 1, label: 'x' }]);
      expect((await probe(db)).rows).toEqual([{ id: 1, label: 'x' }]);
    });
  });

  it('answers a failed prepared statement with its error', async () => {
    await database.db.connection().execute(async (db) => {
      const divide = (by: number) => sql`select 1 / ${by}::int as q from prepared_probe`.execute(db);
      for (let i = 0; i < 3; i++) await divide(1);
      await expect(divide(0)).rejects.toMatchObject({ code: '22012' });
      expect((await divide(1)).rows).toEqual([{ q: 1 }]);
    });
  });

  it('plans an equality once for every value, and a range for each value', async () => {
    await database.db.connection().execute(async (db) => {
      const plans = async (part: string) =>
        (
          await sql<{
            generic: number;
            custom: number;
          }>`select generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where statement like ${`select id from prepared_probe where ${part}%`}`.execute(
            db,
          )
        ).rows;
      for (let i = 0; i < 10; i++) await sql`select id from prepared_probe where id = ${i}`.execute(db);
      for (let i = 0; i < 10; i++) await sql`select id from prepared_probe where id >= ${i}`.execute(db);
      // PostgreSQL's own rule: five calls planned for their values, then the generic plan, no costlier here
      expect(await plans('id = ')).toEqual([{ generic: 3, custom: 5 }]);
      expect(await plans('id >= ')).toEqual([]);
    });
  });
});
