import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { freshDatabase } from '../support/database.ts';

// Both databases hand the application the same values, written and read by node-postgres's rules
// (on PGlite through platform/db/pglite-driver.ts): run on each (TEST_DB), with the same answers.
let database: OpenDatabase;
beforeAll(async () => {
  database = await freshDatabase();
  await sql`create table values_probe (id int primary key, label text not null)`.execute(database.db);
});
afterAll(() => database?.close());

describe(`values read and written on ${process.env.TEST_DB ?? 'pglite'}`, () => {
  it('reads each type as pg does: big integers and decimals as text, a date at local midnight', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select 1::int2 as small, 2::int4 as int, 9007199254740993::int8 as big, 1.50::numeric as decimal,
             1.5::float8 as float, true as yes, '中文'::text as text, null::text as nothing,
             '{"a":[1,2]}'::jsonb as json, '{1,2}'::int4[] as ints, '{a,"b c"}'::text[] as texts,
             '\\x0102'::bytea as bytes, date '2026-03-01' as day,
             timestamp '2026-03-01 10:20:30' as local, timestamptz '2026-03-01 10:20:30+00' as instant`.execute(
      database.db,
    );
    const row = rows[0]!;
    expect({ ...row, bytes: [...(row.bytes as Uint8Array)] }).toEqual({
      small: 1,
      int: 2,
      big: '9007199254740993',
      decimal: '1.50',
      float: 1.5,
      yes: true,
      text: '中文',
      nothing: null,
      json: { a: [1, 2] },
      ints: [1, 2],
      texts: ['a', 'b c'],
      bytes: [1, 2],
      // pg reads a date as midnight where the server runs (TZ, vitest.config.ts), not in UTC
      day: new Date(2026, 2, 1),
      local: new Date(2026, 2, 1, 10, 20, 30),
      instant: new Date(Date.UTC(2026, 2, 1, 10, 20, 30)),
    });
  });

  it('writes parameters as pg does: dates, arrays, objects as JSON, bytes, big integers', async () => {
    const at = new Date(Date.UTC(2026, 2, 1, 10, 20, 30, 123));
    const { rows } = await sql<Record<string, unknown>>`
      select ${at}::timestamptz as at, ${[3, 4]}::int4[] as ints, ${JSON.stringify({ b: 'c' })}::jsonb as json,
             ${{ d: 1 }}::jsonb as object, ${Buffer.from([5, 6])}::bytea as bytes, ${10n}::int8 + 1 as big,
             ${true}::bool as yes, ${null}::text as nothing, ${"它's"}::text as text`.execute(database.db);
    const row = rows[0]!;
    expect({ ...row, bytes: [...(row.bytes as Uint8Array)] }).toEqual({
      at,
      ints: [3, 4],
      json: { b: 'c' },
      object: { d: 1 },
      bytes: [5, 6],
      big: '11',
      yes: true,
      nothing: null,
      text: "它's",
    });
  });

  it('counts the rows a statement changed, and none for a read', async () => {
    const db = database.db;
    const inserted = await db
      .insertInto('values_probe')
      .values([1, 2, 3].map((id) => ({ id, label: `n${id}` })))
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(3n);
    const updated = await db.updateTable('values_probe').set({ label: 'x' }).where('id', '>', 1).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('values_probe').where('id', '=', 3).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(1n);
    const read = await sql`select id from values_probe where false`.execute(db);
    expect(read).toEqual({ rows: [] });
  });

  it('fails a statement with the database error, and the transaction it was in rolls back whole', async () => {
    const db = database.db;
    const failed = db.transaction().execute(async (trx) => {
      await trx.insertInto('values_probe').values({ id: 10, label: 'kept?' }).execute();
      await trx.insertInto('values_probe').values({ id: 1, label: 'again' }).execute();
    });
    await expect(failed).rejects.toMatchObject({ code: '23505', constraint: 'values_probe_pkey' });
    const { rows } = await sql<{ id: number }>`select id from values_probe order by id`.execute(db);
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
    await expect(sql`select 1 / ${0}::int`.execute(db)).rejects.toMatchObject({ code: '22012' });
  });
});
