import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const URL = '/api/blade-log/usual/client-errors';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async () =>
  (
    await sql<{ tenant_id: string; log_level: string; log_data: string; create_by: string }>`
    select tenant_id, log_level, log_data, create_by from blade_log_usual order by create_time`.execute(t.database.db)
  ).rows;

describe(`POST ${URL}`, () => {
  it('stores each uploaded error in the usual log of the caller’s tenant', async () => {
    const entry = {
      type: 'error',
      message: 'x is undefined',
      stack: 'at f (app.js:1:2)',
      info: '',
      url: '/system/param',
      time: '2026-11-21 10:00:00',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: t.auth(),
      payload: [entry, { ...entry, message: 'second' }],
    });
    expect(res.json()).toMatchObject({ code: 200, data: 2 });
    const stored = await rows();
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ tenant_id: '000000', log_level: 'error', create_by: 'admin' });
    expect(JSON.parse(stored[0]!.log_data)).toMatchObject({ message: 'x is undefined', url: '/system/param' });
  });

  it('refuses anonymous callers, empty or oversized uploads, writing nothing', async () => {
    const before = (await rows()).length;
    expect((await t.app.inject({ method: 'POST', url: URL, payload: [{ message: 'm', time: 1 }] })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'POST', url: URL, headers: t.auth(), payload: [] })).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, () => ({ message: 'm', time: 1 }));
    expect((await t.app.inject({ method: 'POST', url: URL, headers: t.auth(), payload: many })).statusCode).toBe(400);
    expect((await rows()).length).toBe(before);
  });
});
