import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { jsonRows } from '../../src/platform/db/json-rows.ts';
import { freshDatabase } from '../support/database.ts';

let database: OpenDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

describe('rows read as one JSON value', () => {
  it('come whole, in the order asked, ids (cast to text) to the last digit', async () => {
    const rows = await jsonRows<{ id: string; name: string | null; sort: number }>(
      database.db,
      sql`select id::text as id, name, sort from (values
        (1123598815738675219::bigint, '系统管理', 2), (9007199254740993::bigint, null, 1),
        (1123598815738675203::bigint, 'a "quoted" \\ name', 2)) v(id, name, sort)`,
      sql`t.sort, t.id::bigint`,
    );
    expect(rows).toEqual([
      { id: '9007199254740993', name: null, sort: 1 },
      { id: '1123598815738675203', name: 'a "quoted" \\ name', sort: 2 },
      { id: '1123598815738675219', name: '系统管理', sort: 2 },
    ]);
  });

  it('are an empty list when the query finds nothing', async () => {
    expect(await jsonRows(database.db, sql`select 1 as n where false`, sql`t.n`)).toEqual([]);
  });
});
