import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMIT } from '../../src/modules/log/client-errors.ts';
import { UPLOAD_LIMIT } from '../../src/modules/resource/oss-endpoint/routes.ts';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { form } from '../support/multipart.ts';
import { inOneWindow } from '../support/rate-windows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const UPLOAD = '/api/blade-resource/oss/endpoint/put-file';
const CLIENT_ERRORS = '/api/blade-log/usual/client-errors';
const TENANT = '300016';
let t: TestApp;

beforeAll(async () => {
  // A daily upload quota of 1 MiB, and the rate limits on (the suites turn them off elsewhere).
  t = await createTestApp({ rateLimits: true, uploadDailyMb: 1 });
  await createTenant(t.database.db, TENANT);
});
afterAll(() => t.close());

const user = (alias: string) => createCaller(t.database.db, TENANT, alias, []);

async function upload(caller: Caller, bytes: number) {
  const body = await form({ file: { bytes: new Uint8Array(bytes), name: 'a.bin' } });
  const headers = { ...(await t.authFor(caller)), ...body.headers, 'accept-language': 'en-US' };
  return t.app.inject({ method: 'POST', url: UPLOAD, headers, payload: body.payload });
}

describe('what one signed-in user may write (issue 16 item 13)', () => {
  it('uploads: a rate per user, counted apart for each user', async () => {
    const [busy, other] = [await user('uploader-a'), await user('uploader-b')];
    const statuses = [];
    await inOneWindow(UPLOAD_LIMIT.windowMs);
    for (let i = 0; i <= UPLOAD_LIMIT.max; i++) statuses.push((await upload(busy, 16)).statusCode);
    expect(statuses.slice(0, UPLOAD_LIMIT.max).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await upload(other, 16)).statusCode).toBe(200);
  });

  it('uploads: a quota of bytes per user and day, which says so', async () => {
    const [heavy, other] = [await user('uploader-c'), await user('uploader-d')];
    expect((await upload(heavy, 600 * 1024)).statusCode).toBe(200);
    expect((await upload(heavy, 600 * 1024)).statusCode).toBe(200);
    const refused = await upload(heavy, 16);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('You have uploaded the most allowed in 24 hours (1 MB); please try again later');
    expect((await upload(other, 600 * 1024)).statusCode).toBe(200);
  });

  it('client errors: a rate per user, so one user cannot fill the log table', async () => {
    const [noisy, other] = [await user('noisy'), await user('quiet')];
    const entries = Array.from({ length: 100 }, () => ({ message: 'boom', time: Date.now() }));
    const send = async (caller: Caller) =>
      (await t.app.inject({ method: 'POST', url: CLIENT_ERRORS, headers: await t.authFor(caller), payload: entries }))
        .statusCode;
    const statuses = [];
    await inOneWindow(CLIENT_ERROR_LIMIT.windowMs);
    for (let i = 0; i <= CLIENT_ERROR_LIMIT.max; i++) statuses.push(await send(noisy));
    expect(statuses.slice(0, CLIENT_ERROR_LIMIT.max).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from blade_log_usual where create_user = ${noisy.userId}`.execute(t.database.db);
    expect(rows[0]!.n).toBe(CLIENT_ERROR_LIMIT.max * 100);
    expect(await send(other)).toBe(200);
  });

  it('clear-cache: only a caller who may change roles’ grants (role_grant) empties the caches', async () => {
    const plain = await user('no-grants');
    const granter = await createCaller(t.database.db, TENANT, 'granter', ['role_grant']);
    const clear = async (caller: Caller) =>
      (await t.app.inject({ url: '/api/blade-auth/oauth/clear-cache', headers: await t.authFor(caller) })).statusCode;
    expect(await clear(plain)).toBe(403);
    expect(await clear(granter)).toBe(200);
  });
});
