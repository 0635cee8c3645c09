import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Json, warehouseApi } from '../support/warehouse.ts';

/**
 * Issue 16, items 7 to 9: input the database cannot hold answers a 400 naming the field, in the
 * caller's language, before the database sees it; nothing is written, no error-log row. Impossible
 * document dates are refused; exports answer a bad filter like the lists do.
 */
let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
let device: Json;
let material: Json;

const errorLogRows = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from blade_log_error`.execute(t.database.db)).rows[0]?.n ?? 0);
const en = () => ({ ...t.auth(), 'accept-language': 'en-US' });
const zh = () => ({ ...t.auth(), 'accept-language': 'zh-CN' });

async function refused(url: string, options: { payload?: object; headers?: Record<string, string> } = {}) {
  const before = await errorLogRows();
  const res = await t.app.inject({
    method: options.payload ? 'POST' : 'GET',
    url,
    headers: options.headers ?? en(),
    ...(options.payload ? { payload: options.payload } : {}),
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
  expect(await errorLogRows(), 'no error-log row').toBe(before);
  return res.json() as { code: number; success: boolean; msg: string; data: unknown };
}

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
  device = await api.device({ name: 'Bad input store' });
  material = await api.material({ name: 'Washer', code: 'WASHER' });
});
afterAll(() => t.close());

describe('item 7: bad input is a 400 naming the field, before the database', () => {
  it('refuses an id past the bigint range', async () => {
    const answer = await refused('/api/warehouse/provider/detail?id=9999999999999999999');
    expect(answer).toMatchObject({ code: 400, success: false });
    expect(answer.msg).toBe('id: is not valid');
    await refused('/api/warehouse/provider/remove?ids=1,9223372036854775808', { payload: {} });
    await refused('/api/warehouse/provider/page?id=9223372036854775808');
  });

  it('refuses a NUL byte in any text, in the caller language', async () => {
    expect((await refused('/api/warehouse/provider/page?name=a%00b')).msg).toBe(
      'name: must not contain a NUL character',
    );
    expect((await refused('/api/warehouse/provider/page?name=a%00b', { headers: zh() })).msg).toBe(
      'name: 不能包含空字符 (NUL)',
    );
    const before = await sql`select count(*) as n from wh_provider`.execute(t.database.db);
    await refused('/api/warehouse/provider/submit', { payload: { code: 'P-NUL', name: 'a\u0000b' } });
    expect((await sql`select count(*) as n from wh_provider`.execute(t.database.db)).rows).toEqual(before.rows);
  });

  it('refuses a NUL byte in the token endpoint, in its OAuth answer', async () => {
    const before = await errorLogRows();
    for (const query of ['username=a%00b&password=x&grant_type=password', 'tenantId=00%0000&username=admin']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?${query}`,
        headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request' });
    }
    expect(await errorLogRows()).toBe(before);
  });

  it('refuses filter dates the database cannot hold, and days that do not exist', async () => {
    const answer = await refused('/api/warehouse/provider/page?createTime_datege=-271821-04-20T00:00:00Z');
    expect(answer.msg).toBe('createTime: is not a valid date (yyyy-MM-dd HH:mm:ss)');
    await refused('/api/warehouse/provider/page?createTime_datelt=2026-02-30');
    expect((await refused('/api/warehouse/provider/page?createTime_datege=0001-01-01')).msg).toMatch(
      /^createTime: must be between 1900-01-01 and \d{4}-\d{2}-\d{2}$/,
    );
  });

  it('refuses integers past int4 and numbers past the numeric columns in filters', async () => {
    expect((await refused('/api/warehouse/provider/page?status_equal=99999999999')).msg).toBe(
      'status: is out of range',
    );
    await refused('/api/warehouse/provider/page?status_equal=1.5');
    await refused('/api/warehouse/materialscode/page?safetyStock_ge=1e400');
    await refused('/api/warehouse/materialscode/page?safetyStock_ge=abc');
    const ok = await t.app.inject({
      url: '/api/warehouse/materialscode/page?safetyStock_ge=99999999999999',
      headers: en(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("answers the router's own refusals (a bad escape, an overlong path parameter) as the envelope", async () => {
    const file = '/api/blade-resource/oss/endpoint/file';
    const bad = await t.app.inject({ url: `${file}/%zz/a.txt`, headers: en() });
    expect([bad.statusCode, bad.json()]).toEqual([400, expect.objectContaining({ code: 400, success: false })]);
    const long = await t.app.inject({ url: `${file}/000000/${'x'.repeat(200)}`, headers: en() });
    expect([long.statusCode, long.json()]).toEqual([
      414,
      { code: 414, success: false, data: null, msg: 'A parameter in the address is too long' },
    ]);
  });

  it('refuses a dept that is not an id in the user list', async () => {
    expect((await refused('/api/blade-user/page?deptId=abc')).msg).toMatch(/^deptId: /);
  });

  it('refuses a QR content its code cannot hold', async () => {
    const content = (n: number) => `/api/warehouse/QR/generateCodeBs64?content=${encodeURIComponent('汉'.repeat(n))}`;
    const answer = await refused(content(778));
    expect(answer.msg).toBe('The QR code content is too long: at most 2331 bytes (a Chinese character takes 3)');
    const fits = await t.app.inject({ url: content(777), headers: en() });
    expect(fits.statusCode).toBe(200);
  });

  it('refuses a quantity and price whose amount the money column cannot hold, writing nothing', async () => {
    const before = await sql`select count(*) as n from wh_refuel`.execute(t.database.db);
    const answer = await refused('/api/warehouse/refuel/submit', {
      payload: {
        deviceId: device.id,
        items: [{ materialCodeId: material.id, quantity: '9999999999999', unitPrice: '999999999999' }],
      },
    });
    expect(answer.msg).toBe('The amount (quantity × unit price) is too large: at most 9999999999999999.99');
    const lines = Array.from({ length: 2 }, () => ({
      materialCodeId: material.id,
      quantity: '9999999999999',
      unitPrice: '0',
    }));
    expect(
      (await refused('/api/warehouse/refuel/submit', { payload: { deviceId: device.id, items: lines } })).msg,
    ).toMatch(/^The totals of the document are too large/);
    expect((await sql`select count(*) as n from wh_refuel`.execute(t.database.db)).rows).toEqual(before.rows);
  });

  it('refuses a receipt the stock balance cannot hold', async () => {
    const big = await api.material({ name: 'Sand', code: 'SAND' });
    const line = [{ materialCodeId: big.id, quantity: '9999999999999', unitPrice: '0' }];
    await api.refuel(device.id, line);
    const answer = await refused('/api/warehouse/refuel/submit', { payload: { deviceId: device.id, items: line } });
    expect(answer.msg).toMatch(/^The stock of Sand at Bad input store would exceed what it can hold/);
  });
});

describe('item 8: implausible document dates are refused', () => {
  const items = () => [{ materialCodeId: material.id, quantity: '1', unitPrice: '2' }];
  for (const refuelTime of [0, '0001-01-01 00:00:00', '9999-12-31 23:59:59', '2026-02-30 10:00:00', '1999-12-31']) {
    it(`refuelTime ${JSON.stringify(refuelTime)}`, async () => {
      const answer = await refused('/api/warehouse/refuel/submit', {
        payload: { deviceId: device.id, refuelTime, items: items() },
      });
      expect(answer.msg).toMatch(/^refuelTime: /);
    });
  }

  it('stores a real date as sent, and refuses a day past the window', async () => {
    const saved = await api.refuel(device.id, items(), { refuelTime: '2024-02-29 10:00:00' });
    const { rows } = await sql<{ t: Date }>`select refuel_time as t from wh_refuel where id = ${saved.id}`.execute(
      t.database.db,
    );
    expect(rows[0]!.t.getTime()).toBe(new Date('2024-02-29T10:00:00').getTime());
    const farAhead = `${new Date().getFullYear() + 11}-01-01`;
    const answer = await refused('/api/warehouse/warrant/submit', {
      payload: { personId: '1', materialCodeId: material.id, validTo: farAhead },
      headers: zh(),
    });
    expect(answer.msg).toMatch(/^validTo: 应在 2000-01-01 至 \d{4}-\d{2}-\d{2} 之间$/);
  });
});

describe('item 9: exports answer a bad filter before the download starts', () => {
  for (const url of [
    '/api/warehouse/refuel/refuelDetailExcel?id=abc',
    '/api/warehouse/refuel/refuelDetailExcel?status_equal=99999999999',
    '/api/warehouse/report/MaterialsPriceCountExcel?startTime=2026-01-31&endTime=2026-01-01',
  ]) {
    it(url, async () => {
      const answer = await refused(url);
      expect(answer).toMatchObject({ code: 400, success: false });
    });
  }
});
