import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_TOTAL_UP_TO, setExactTotalUpTo } from '../../src/platform/db/paging.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The one paging mechanism of every list (platform/db/paging.ts): exact totals up to a bound,
// the bound with `totalCapped` past it, deep pages read key-first, an empty page past the end.
// The bound is made small here so that 25 rows are "many".
const PARAMS = '/api/blade-system/param';
const ROWS = 25;
let t: TestApp;
let keys: string[];

type Page = { records: { paramKey: string }[]; total: number; pages: number; current: number; totalCapped?: true };

async function page(query: string): Promise<Page> {
  const res = await t.app.inject({ url: `${PARAMS}/list?paramKey_likeright=paging.&${query}`, headers: t.auth() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await createTestApp({ apiDocs: true });
  for (let i = 0; i < ROWS; i++) {
    const key = `paging.k${String(i).padStart(2, '0')}`;
    // Five values only: sorting by value leaves ties, which the id must break the same way on every page.
    const payload = { paramName: `name ${i}`, paramKey: key, paramValue: `v${i % 5}` };
    const res = await t.app.inject({ method: 'POST', url: `${PARAMS}/submit`, headers: t.auth(), payload });
    expect(res.statusCode, res.body).toBe(200);
  }
  // The rows in the order the list reads them when sorted by value, as one plain OFFSET-less query.
  const { rows } = await sql<{ param_key: string }>`
    select param_key from blade_param where param_key like 'paging.%' and is_deleted = 0
    order by param_value asc, id desc`.execute(t.database.db);
  keys = rows.map((r) => r.param_key);
});
afterAll(() => t.close());
afterEach(() => {
  setExactTotalUpTo(EXACT_TOTAL_UP_TO);
});

describe('a list at most the bound long', () => {
  it('answers the exact total, without the capped flag', async () => {
    expect(await page('size=10')).toMatchObject({ total: ROWS, pages: 3 });
    expect((await page('size=10')).totalCapped).toBeUndefined();
    const last = await page('size=10&current=3');
    expect(last).toMatchObject({ total: ROWS, pages: 3, current: 3 });
    expect(last.records).toHaveLength(5);
  });

  it('answers an empty page past the end, with the total', async () => {
    const past = await page('size=10&current=7');
    expect(past).toMatchObject({ records: [], total: ROWS, pages: 3, current: 7 });
  });
});

describe('a list longer than the bound', () => {
  it('answers the bound as the total, marked capped, and leaves a next page', async () => {
    setExactTotalUpTo(12);
    const first = await page('size=5');
    expect(first).toMatchObject({ total: 12, pages: 3, totalCapped: true });
    expect(first.records).toHaveLength(5);
    // Past the bound the bound follows the page: there is always one more page while rows remain.
    const deep = await page('size=5&current=3');
    expect(deep).toMatchObject({ total: 20, pages: 4, current: 3, totalCapped: true });
    // Where the rows end the total is exact again.
    const last = await page('size=5&current=5');
    expect(last).toMatchObject({ total: ROWS, pages: 5 });
    expect(last.totalCapped).toBeUndefined();
  });

  it('is exact when the filter leaves fewer rows than the bound', async () => {
    setExactTotalUpTo(12);
    const few = await page('size=5&paramValue_equal=v1');
    expect(few).toMatchObject({ total: 5, pages: 1 });
    expect(few.totalCapped).toBeUndefined();
  });

  it('answers an empty page past the end, with the exact total', async () => {
    setExactTotalUpTo(12);
    expect(await page('size=10&current=9')).toMatchObject({ records: [], total: ROWS, pages: 3 });
  });
});

describe('deep pages', () => {
  it('hold the rows OFFSET reads there, ties in the sort broken the same way', async () => {
    for (const size of [3, 4, 10]) {
      const read: string[] = [];
      for (let current = 1; current <= Math.ceil(ROWS / size); current++) {
        read.push(...(await page(`size=${size}&current=${current}&ascs=paramValue`)).records.map((r) => r.paramKey));
      }
      expect(read, `size ${size}`).toEqual(keys);
    }
  });

  it('are the same in a hand-written list (dictionaries)', async () => {
    const all = await t.app.inject({ url: '/api/blade-system/dict/parent-list?size=1000', headers: t.auth() });
    const everything = all.json().data.records.map((r: { id: string }) => r.id);
    expect(everything.length).toBeGreaterThan(12);
    const pages: string[] = [];
    for (let current = 1; current <= Math.ceil(everything.length / 5); current++) {
      const res = await t.app.inject({
        url: `/api/blade-system/dict/parent-list?size=5&current=${current}`,
        headers: t.auth(),
      });
      pages.push(...res.json().data.records.map((r: { id: string }) => r.id));
    }
    expect(pages).toEqual(everything);
  });
});

it('describes the capped total in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  for (const path of [`${PARAMS}/list`, '/api/warehouse/movement/page', '/api/blade-system/region/list']) {
    const answer = doc.paths[path].get.responses['200'].content['application/json'].schema;
    expect(answer.properties.data.properties.totalCapped, path).toMatchObject({ type: 'boolean' });
    expect(answer.properties.data.properties.total.description, path).toMatch(/lower bound/);
    // the rows: the resource's fields where a factory makes the list, any object elsewhere; more fields may come
    expect(answer.properties.data.properties.records.items, path).toMatchObject({
      type: 'object',
      additionalProperties: {},
    });
  }
});
