import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_POST_ID } from '../../src/seed/platform-seed.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/post';
const TENANT_B = '300300';
const POST_CODES = ['post', 'post_view', 'post_add', 'post_edit', 'post_delete'];
let t: TestApp;
let adminB: Record<string, string>;
let postOfB: string;

type Headers = Record<string, string>;
type Post = { id: string; postCode: string; postName: string; category: number | null };

async function postRows() {
  const { rows } = await sql<{
    id: string;
    tenant_id: string;
    post_code: string;
    post_name: string;
    is_deleted: number;
  }>`
    select id, tenant_id, category, post_code, post_name, sort, remark, is_deleted from blade_post order by id`.execute(
    t.database.db,
  );
  return rows;
}

const get = (url: string, headers: Headers = t.auth()) => t.app.inject({ url: `${BASE}/${url}`, headers });
const post = (url: string, payload?: object, headers: Headers = t.auth()) =>
  t.app.inject({ method: 'POST', url: `${BASE}/${url}`, headers, ...(payload ? { payload } : {}) });
const en = (headers: Headers = t.auth()) => ({ ...headers, 'accept-language': 'en-US' });

async function createPost(postCode: string, postName = `name of ${postCode}`, headers: Headers = t.auth()) {
  const res = await post('submit', { postCode, postName, category: 2 }, headers);
  expect(res.statusCode).toBe(200);
  return res.json().data as Post;
}

const callerOf = (tenantId: string, alias: string, codes: string[]) =>
  createCaller(t.database.db, tenantId, alias, codes);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database.db, TENANT_B);
  adminB = await t.authFor(await callerOf(TENANT_B, 'post-admin', POST_CODES));
  postOfB = (await createPost('bceo', 'B chief', adminB)).id;
});
afterAll(() => t.close());

describe(`GET ${BASE}/list and page`, () => {
  it("answers a page of the tenant's posts with category names, seeded ones included", async () => {
    const res = await get('list?size=100');
    expect(res.statusCode).toBe(200);
    const { records, total } = res.json().data as { records: Post[]; total: number };
    expect(records.map((p) => p.postCode)).toEqual(expect.arrayContaining(['ceo', 'coo', 'staff']));
    expect(records.find((p) => p.id === ADMIN_POST_ID)).toMatchObject({
      postName: '首席执行官',
      category: 1,
      categoryName: '高层',
      tenantId: '000000',
    });
    expect(total).toBe(records.length);
    expect(records.some((p) => p.id === postOfB)).toBe(false);
    expect((await get('page?size=100')).json().data.total).toBe(total);
  });

  it('filters by equality on each given field', async () => {
    await createPost('eq1', 'Equal one');
    await createPost('eq10', 'Equal ten');
    const exact = (await get('list?postCode=eq1')).json().data.records as Post[];
    expect(exact.map((p) => p.postCode)).toEqual(['eq1']);
    const byName = (await get('page?postName=Equal%20ten')).json().data.records as Post[];
    expect(byName.map((p) => p.postCode)).toEqual(['eq10']);
    expect((await get('list?category=x')).statusCode).toBe(400);
  });

  it('filters createTime by a date range, the one operator entity-style lists take', async () => {
    const all = (await get('list?size=100')).json().data.total as number;
    expect((await get('list?createTime_datege=2000-01-01&createTime_datele=2999-01-01')).json().data.total).toBe(all);
    expect((await get('list?createTime_datege=2999-01-01')).json().data.total).toBe(0);
    // other suffixes name no field here, so they are ignored like any unknown key
    expect((await get('list?postCode_like=nothing')).json().data.total).toBe(all);
  });

  it("shows a tenant admin only their tenant's posts", async () => {
    const records = (await get('list', adminB)).json().data.records as Post[];
    expect(records.map((p) => p.id)).toEqual([postOfB]);
  });
});

describe(`GET ${BASE}/detail`, () => {
  it('answers one post, 404 for an unknown or foreign one', async () => {
    const created = await createPost('detail1');
    expect((await get(`detail?id=${created.id}`)).json().data).toMatchObject({
      postCode: 'detail1',
      categoryName: '中层',
    });
    expect((await get('detail?id=123')).statusCode).toBe(404);
    expect((await get(`detail?id=${postOfB}`)).statusCode).toBe(404);
    expect((await get(`detail?id=${ADMIN_POST_ID}`, adminB)).statusCode).toBe(404);
  });
});

describe(`POST ${BASE}/submit`, () => {
  it('inserts a post and answers it', async () => {
    const res = await post('submit', { postCode: 'qa', postName: 'Quality', sort: 3, remark: 'r' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      postCode: 'qa',
      postName: 'Quality',
      sort: 3,
      tenantId: '000000',
      status: 1,
    });
    expect((await postRows()).find((r) => r.post_code === 'qa')).toMatchObject({ tenant_id: '000000', is_deleted: 0 });
  });

  const missing = [
    ['postCode', '请输入岗位编号', 'Please enter post code'],
    ['postName', '请输入岗位名称', 'Please enter post name'],
  ] as const;
  for (const [field, zh, en_] of missing) {
    it(`refuses a missing or blank ${field} with "${en_}" and writes nothing`, async () => {
      const before = await postRows();
      const full = { postCode: 'k', postName: 'n' };
      const absent = await post('submit', { ...full, [field]: undefined });
      expect(absent.statusCode).toBe(400);
      expect(absent.json()).toMatchObject({ code: 400, success: false, msg: zh });
      const blank = await post('submit', { ...full, [field]: ' ' }, en());
      expect(blank.json().msg).toBe(en_);
      expect(await postRows()).toEqual(before);
    });
  }

  it('refuses an over-long code and a wrong category, writing nothing', async () => {
    const before = await postRows();
    const long = await post('submit', { postCode: 'c'.repeat(13), postName: 'n' }, en());
    expect(long.json().msg).toBe('postCode: must be at most 12 characters');
    const category = await post('submit', { postCode: 'cat', postName: 'n', category: 'top' }, en());
    expect(category.statusCode).toBe(400);
    expect(await postRows()).toEqual(before);
  });

  it('refuses a duplicate postCode in the tenant with 409, but not in another tenant', async () => {
    await createPost('dup');
    const other = await createPost('dup2');
    const before = await postRows();
    const insert = await post('submit', { postCode: 'dup', postName: 'again' });
    expect(insert.statusCode).toBe(409);
    expect(insert.json().msg).toBe('岗位编号 dup 已存在');
    const update = await post('submit', { id: other.id, postCode: 'dup' }, en());
    expect(update.json().msg).toBe('The post code dup already exists');
    expect(await postRows()).toEqual(before);
    expect((await post('submit', { postCode: 'dup', postName: 'B dup' }, adminB)).statusCode).toBe(200);
  });

  it('updates only the fields sent, and 404 for an unknown id', async () => {
    const created = await createPost('upd', 'Old name');
    const res = await post('submit', { id: created.id, postName: 'New name' });
    expect(res.json().data).toMatchObject({ id: created.id, postCode: 'upd', postName: 'New name' });
    const before = await postRows();
    expect((await post('submit', { id: '999999999', postCode: 'ghost', postName: 'g' })).statusCode).toBe(404);
    expect(await postRows()).toEqual(before);
  });

  it("cannot change another tenant's post", async () => {
    const before = await postRows();
    expect((await post('submit', { id: ADMIN_POST_ID, postName: 'Taken over' }, adminB)).statusCode).toBe(404);
    expect(await postRows()).toEqual(before);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('soft-deletes posts, and the code can be used again', async () => {
    const a = await createPost('rm-a');
    const b = await createPost('rm-b');
    expect((await post(`remove?ids=${a.id},${b.id}`)).json()).toMatchObject({ code: 200, success: true });
    const rows = await postRows();
    expect(rows.filter((r) => [a.id, b.id].includes(r.id)).map((r) => r.is_deleted)).toEqual([1, 1]);
    await createPost('rm-a');
  });

  it('removes nothing when one id is unknown or foreign', async () => {
    const mine = await createPost('rm-keep');
    const before = await postRows();
    const res = await post(`remove?ids=${mine.id},${postOfB}`, undefined, en());
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(`These records do not exist or are not yours: ${postOfB}`);
    expect((await post(`remove?ids=${mine.id}`, undefined, adminB)).statusCode).toBe(404);
    expect(await postRows()).toEqual(before);
  });
});

describe(`GET ${BASE}/select`, () => {
  it("answers id and postName of the caller tenant's posts", async () => {
    const options = (await get('select')).json().data as { id: string; postName: string }[];
    expect(options).toContainEqual({ id: ADMIN_POST_ID, postName: '首席执行官' });
    expect(options.some((o) => o.id === postOfB)).toBe(false);
    const ofB = (await get('select', adminB)).json().data;
    expect(ofB).toEqual(expect.arrayContaining([{ id: postOfB, postName: 'B chief' }]));
    expect(ofB.some((o: { id: string }) => o.id === ADMIN_POST_ID)).toBe(false);
  });

  it('lets only the platform tenant name another tenant', async () => {
    const fromPlatform = (await get(`select?tenantId=${TENANT_B}`)).json().data as { id: string }[];
    expect(fromPlatform.map((o) => o.id)).toContain(postOfB);
    const fromB = (await get('select?tenantId=000000', adminB)).json().data as { id: string }[];
    expect(fromB.some((o) => o.id === ADMIN_POST_ID)).toBe(false);
  });

  it('is open to whoever manages users, closed to others', async () => {
    const userManager = await t.authFor(await callerOf('000000', 'post-picker', ['user_add']));
    expect((await get('select', userManager)).statusCode).toBe(200);
    expect((await get('select', t.auth(plainUser))).statusCode).toBe(403);
  });
});

describe('who may call the post endpoints', () => {
  const calls = [
    { method: 'GET', url: `${BASE}/list` },
    { method: 'GET', url: `${BASE}/page` },
    { method: 'GET', url: `${BASE}/detail?id=${ADMIN_POST_ID}` },
    { method: 'GET', url: `${BASE}/select` },
    { method: 'POST', url: `${BASE}/submit`, payload: { postCode: 'no', postName: 'no' } },
    { method: 'POST', url: `${BASE}/remove?ids=${ADMIN_POST_ID}` },
  ] as const;
  for (const call of calls) {
    it(`${call.method} ${call.url}: 401 without a token, 403 without the permission`, async () => {
      const before = await postRows();
      expect((await t.app.inject({ ...call })).statusCode).toBe(401);
      const clerk = await t.app.inject({ ...call, headers: t.auth(plainUser) });
      expect(clerk.statusCode).toBe(403);
      expect(await postRows()).toEqual(before);
    });
  }

  it('needs post_edit to update, post_add alone is not enough', async () => {
    const adder = await t.authFor(await callerOf('000000', 'post-adder', ['post_add']));
    const before = await postRows();
    expect((await post('submit', { id: ADMIN_POST_ID, postName: 'x' }, adder)).statusCode).toBe(403);
    expect(await postRows()).toEqual(before);
  });
});
