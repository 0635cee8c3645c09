import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-desk/notice';
const TENANT_B = '400400';
const NOTICE_CODES = ['notice', 'notice_view', 'notice_add', 'notice_edit', 'notice_delete'];

type Headers = Record<string, string>;
type Notice = {
  id: string;
  title: string;
  category: number;
  categoryName: string | null;
  releaseTime: string;
  content: string | null;
};

let t: TestApp;
let adminB: Headers;
let noticeOfB: string;

const get = (url: string, headers: Headers = t.auth()) => t.app.inject({ url: `${BASE}/${url}`, headers });
const post = (url: string, payload?: object, headers: Headers = t.auth()) =>
  t.app.inject({ method: 'POST', url: `${BASE}/${url}`, headers, ...(payload ? { payload } : {}) });
const en = (headers: Headers = t.auth()) => ({ ...headers, 'accept-language': 'en-US' });

async function createNotice(values: Partial<Notice> & { title: string }, headers: Headers = t.auth()) {
  const res = await post('submit', { category: 1, releaseTime: '2026-01-10 09:00:00', ...values }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Notice;
}

async function noticeRows() {
  const { rows } = await sql<{
    id: string;
    tenant_id: string;
    title: string;
    content: string | null;
    is_deleted: number;
  }>`
    select id, tenant_id, title, content, is_deleted from blade_notice order by id`.execute(t.database.db);
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database.db, TENANT_B);
  adminB = await t.authFor(await createCaller(t.database.db, TENANT_B, 'notice-admin', NOTICE_CODES));
  noticeOfB = (await createNotice({ title: 'B only' }, adminB)).id;
});
afterAll(() => t.close());

describe(`POST ${BASE}/submit`, () => {
  it('inserts a notice with its category name and answers it', async () => {
    const notice = await createNotice({ title: '放假通知', category: 6, content: '<p>周五放假</p>' });
    expect(notice).toMatchObject({ title: '放假通知', category: 6, tenantId: '000000' });
    expect((await get(`detail?id=${notice.id}`)).json().data).toMatchObject({ categoryName: '事务通知' });
    expect(new Date(notice.releaseTime).getTime()).toBe(new Date(2026, 0, 10, 9).getTime());
    expect((await noticeRows()).find((r) => r.id === notice.id)).toMatchObject({ content: '<p>周五放假</p>' });
  });

  it('stores rich text without anything that runs, and plain text escaped', async () => {
    const hostile =
      '<p onclick="steal()">hi<script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://e.example"></iframe>';
    const notice = await createNotice({ title: 'xss', content: hostile });
    expect(notice.content).toBe('<p>hi</p><img src="x" /><a>x</a>');
    const detail = (await get(`detail?id=${notice.id}`)).json().data as Notice;
    expect(detail.content).toBe(notice.content);
    const plain = await createNotice({ title: 'plain', content: 'a < b & c' });
    expect(plain.content).toBe('a &lt; b &amp; c');
  });

  it('updates only the fields sent, sanitizing new content', async () => {
    const notice = await createNotice({ title: 'to edit', content: 'first' });
    const res = await post('submit', { id: notice.id, content: '<b>second</b><script>x()</script>' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'to edit', content: '<b>second</b>', category: 1 });
  });

  it('refuses bad input with a clear message in the language of the request, writing nothing', async () => {
    const before = await noticeRows();
    const cases: [object, string, string][] = [
      [{ category: 1, releaseTime: '2026-01-01' }, '请输入通知标题', 'Please enter the title'],
      [{ title: 'x', releaseTime: '2026-01-01' }, '请选择通知类型', 'Please choose the category'],
      [{ title: 'x', category: 1, releaseTime: '' }, '请选择发布时间', 'Please choose the release time'],
      [
        { title: 'x', category: 9, releaseTime: '2026-01-01' },
        '通知类型 9 不存在',
        'The notice category 9 does not exist',
      ],
    ];
    for (const [body, zh, english] of cases) {
      const res = await post('submit', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(zh);
      expect((await post('submit', body, en())).json().msg).toContain(english);
    }
    expect((await post('submit', { title: 'x', category: 1, releaseTime: '2026-02-30' })).statusCode).toBe(400);
    expect((await post('submit', { title: 'x', category: 'one', releaseTime: '2026-01-01' })).statusCode).toBe(400);
    const long = await post(
      'submit',
      { title: 'x', category: 1, releaseTime: '2026-01-01', content: 'x'.repeat(20_001) },
      en(),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('20000');
    expect(await noticeRows()).toEqual(before);
  });

  it('needs notice_add to add and notice_edit to edit', async () => {
    const clerk = t.auth(plainUser);
    expect((await post('submit', { title: 'x', category: 1, releaseTime: '2026-01-01' }, clerk)).statusCode).toBe(403);
    const viewer = await t.authFor(
      await createCaller(t.database.db, '000000', 'notice-viewer', ['notice', 'notice_add']),
    );
    const own = await createNotice({ title: 'by viewer' }, viewer);
    expect((await post('submit', { id: own.id, title: 'changed' }, viewer)).statusCode).toBe(403);
  });
});

describe(`GET ${BASE}/list and page`, () => {
  it('filters by title, category and release time as BladeX, newest release first', async () => {
    await createNotice({ title: 'Filter early', category: 2, releaseTime: '2026-03-01 08:00:00' });
    await createNotice({ title: 'Filter late', category: 2, releaseTime: '2026-03-05 08:00:00' });
    await createNotice({ title: 'Filter other', category: 3, releaseTime: '2026-03-03 08:00:00' });
    const titles = async (query: string) =>
      ((await get(`list?${query}`)).json().data.records as Notice[]).map((n) => n.title);
    expect(await titles('title=filter')).toEqual(['Filter late', 'Filter other', 'Filter early']);
    expect(await titles('title=filter&category=2')).toEqual(['Filter late', 'Filter early']);
    expect(await titles('title=filter&releaseTime_datege=2026-03-02&releaseTime_datele=2026-03-04')).toEqual([
      'Filter other',
    ]);
    expect((await get('page?title=filter&size=2')).json().data).toMatchObject({ total: 3, pages: 2 });
    expect((await get('list?releaseTime_datege=not-a-date')).statusCode).toBe(400);
    expect((await get('list?category=1x')).statusCode).toBe(400);
  });

  it('needs the notice screen', async () => {
    expect((await get('list', t.auth(plainUser))).statusCode).toBe(403);
    expect((await get('list', {})).statusCode).toBe(401);
  });
});

describe('another tenant', () => {
  it("sees none of tenant A's notices and cannot change or remove them", async () => {
    const ofA = await createNotice({ title: 'A secret', content: 'for A' });
    const before = await noticeRows();
    const records = (await get('list?size=100', adminB)).json().data.records as Notice[];
    expect(records.map((n) => n.id)).toEqual([noticeOfB]);
    expect((await get(`detail?id=${ofA.id}`, adminB)).statusCode).toBe(404);
    expect((await post('submit', { id: ofA.id, title: 'taken' }, adminB)).statusCode).toBe(404);
    expect((await post(`remove?ids=${ofA.id}`, undefined, adminB)).statusCode).toBe(404);
    expect((await post(`remove?ids=${noticeOfB},${ofA.id}`, undefined, adminB)).statusCode).toBe(404);
    expect(await noticeRows()).toEqual(before);
    const top = (await get('top?size=20', adminB)).json().data.records as Notice[];
    expect(top.map((n) => n.id)).toEqual([noticeOfB]);
    expect((await get(`detail?id=${noticeOfB}`)).statusCode).toBe(404);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('soft-deletes the notices, all or nothing', async () => {
    const a = await createNotice({ title: 'gone 1' });
    const b = await createNotice({ title: 'gone 2' });
    expect((await post(`remove?ids=${a.id},123`)).statusCode).toBe(404);
    expect((await post(`remove?ids=${a.id},${b.id}`)).statusCode).toBe(200);
    const rows = await noticeRows();
    expect(rows.filter((r) => [a.id, b.id].includes(r.id)).map((r) => r.is_deleted)).toEqual([1, 1]);
    expect((await get(`detail?id=${a.id}`)).statusCode).toBe(404);
    expect((await post('remove?ids=abc')).statusCode).toBe(400);
  });
});

describe(`GET ${BASE}/top`, () => {
  it('answers everyone of the tenant its released notices, newest release first, the future ones not yet', async () => {
    await sql`update blade_notice set is_deleted = 1 where tenant_id = '000000'`.execute(t.database.db);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
    await createNotice({ title: 'yesterday', releaseTime: day(-1) });
    await createNotice({ title: 'last week', releaseTime: day(-7) });
    await createNotice({ title: 'tomorrow', releaseTime: day(1) });
    await createNotice({ title: 'an hour ago', releaseTime: new Date(Date.now() - 3_600_000).toISOString() });
    const res = await get('top?current=1&size=2', t.auth(plainUser));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as { records: Notice[]; total: number; pages: number };
    expect(page.records.map((n) => n.title)).toEqual(['an hour ago', 'yesterday']);
    expect(page).toMatchObject({ total: 3, pages: 2 });
    expect(page.records[0]).toMatchObject({ categoryName: '发布通知' });
    expect((await get('top?size=21')).statusCode).toBe(400);
    expect((await get('top', {})).statusCode).toBe(401);
  });
});
