import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { md5Hex, verifyPassword } from '../../src/platform/auth/passwords.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/client';
const EN = { 'accept-language': 'en-US,en;q=0.9' };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

async function clientRows() {
  const { rows } = await sql<{ id: string; client_id: string; client_secret: string; is_deleted: number }>`
    select id, client_id, client_secret, access_token_validity, status, is_deleted from blade_client order by id`.execute(
    t.database.db,
  );
  return rows;
}

function submit(body: unknown, headers: Record<string, string> = t.auth()) {
  return t.app.inject({ method: 'POST', url: `${BASE}/submit`, headers, payload: body as object });
}

const valid = (clientId: string) => ({
  clientId,
  authorizedGrantTypes: 'password,refresh_token',
  accessTokenValidity: 1800,
  refreshTokenValidity: 7200,
});

async function createClient(clientId: string, extra: Record<string, unknown> = {}) {
  const res = await submit({ ...valid(clientId), ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; clientId: string; clientSecret: string };
}

/** Signs the platform administrator in through the client, as Saber does. */
function signIn(clientId: string, secret: string) {
  const query = new URLSearchParams({
    grant_type: 'password',
    scope: 'all',
    tenantId: '000000',
    username: 'admin',
    password: md5Hex('admin-password'),
  });
  const basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
  return t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${query}`,
    headers: { authorization: basic },
  });
}

describe(`POST ${BASE}/submit (insert)`, () => {
  it('draws a secret when none is given, answers it once, stores only its argon2id hash', async () => {
    const res = await submit({ ...valid('drawn'), scope: '' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ clientId: 'drawn', scope: 'all', accessTokenValidity: 1800, status: 1 });
    expect(data.clientSecret).toMatch(/^[\w-]{32}$/);
    const row = (await clientRows()).find((r) => r.client_id === 'drawn')!;
    expect(row.client_secret).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.client_secret, data.clientSecret)).toBe(true);
  });

  it('lets the new client sign in with its secret, with the lifetimes of its row', async () => {
    const created = await createClient('kiosk', { clientSecret: 'kiosk-secret-1' });
    expect(created.clientSecret).toBe('kiosk-secret-1');
    const res = await signIn('kiosk', 'kiosk-secret-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ client_id: 'kiosk', expires_in: 1800, user_name: 'admin' });
    expect((await signIn('kiosk', 'not-the-secret')).statusCode).toBe(401);
  });

  const missing = [
    ['clientId', '请输入客户端ID', 'Please enter the client ID'],
    ['authorizedGrantTypes', '请输入授权类型', 'Please enter grant types'],
    ['accessTokenValidity', '请输入令牌过期秒数', 'Please enter the access token validity in seconds'],
    ['refreshTokenValidity', '请输入刷新令牌过期秒数', 'Please enter the refresh token validity in seconds'],
  ] as const;
  for (const [field, zh, en] of missing) {
    it(`refuses a missing or blank ${field} with "${en}" and writes nothing`, async () => {
      const before = await clientRows();
      const absent = await submit({ ...valid(`missing-${field}`), [field]: undefined });
      expect(absent.statusCode).toBe(400);
      expect(absent.json()).toMatchObject({ code: 400, success: false, msg: zh });
      const blank = await submit({ ...valid(`blank-${field}`), [field]: '' }, { ...t.auth(), ...EN });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().msg).toBe(en);
      expect(await clientRows()).toEqual(before);
    });
  }

  it('refuses bad values, each with its message, and writes nothing', async () => {
    const before = await clientRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ clientId: 'a:b' }, 'The client ID may not contain spaces or colons'],
      [{ clientSecret: 'short' }, 'The client secret must be 8 to 128 characters long'],
      [{ authorizedGrantTypes: 'password,magic' }, 'Unsupported grant types: magic'],
      [{ accessTokenValidity: 0 }, 'A validity must be a whole number of seconds from 1 to 31536000'],
      [{ refreshTokenValidity: 1.5 }, 'A validity must be a whole number of seconds from 1 to 31536000'],
      [{ accessTokenValidity: '-5' }, 'A validity must be a whole number of seconds from 1 to 31536000'],
      [{ refreshTokenValidity: 40_000_000 }, 'A validity must be a whole number of seconds from 1 to 31536000'],
    ];
    for (const [change, message] of cases) {
      const res = await submit({ ...valid('bad-values'), ...change }, { ...t.auth(), ...EN });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().msg).toBe(message);
    }
    expect((await submit({ ...valid('bad-values'), clientSecret: 'short' })).json().msg).toBe(
      '客户端密钥长度须为 8 到 128 位',
    );
    expect(await clientRows()).toEqual(before);
  });

  it('accepts validities sent as text, as forms do', async () => {
    const res = await submit({ ...valid('text-numbers'), accessTokenValidity: '600', refreshTokenValidity: '900' });
    expect(res.json().data).toMatchObject({ accessTokenValidity: 600, refreshTokenValidity: 900 });
  });

  it('refuses a client id in use with 409, on insert and on update, and writes nothing', async () => {
    const other = await createClient('dup-other');
    const before = await clientRows();
    const insert = await submit(valid('saber'));
    expect(insert.statusCode).toBe(409);
    expect(insert.json().msg).toBe('客户端ID saber 已存在');
    const update = await submit({ id: other.id, clientId: 'sword' }, { ...t.auth(), ...EN });
    expect(update.statusCode).toBe(409);
    expect(update.json().msg).toBe('The client ID sword already exists');
    expect(await clientRows()).toEqual(before);
  });
});

describe(`POST ${BASE}/submit (update)`, () => {
  it('keeps the secret when none is sent, and answers no secret', async () => {
    const created = await createClient('keeper', { clientSecret: 'keeper-secret' });
    const hash = (await clientRows()).find((r) => r.client_id === 'keeper')!.client_secret;
    const res = await submit({ id: created.id, accessTokenValidity: 60, clientSecret: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ clientId: 'keeper', accessTokenValidity: 60 });
    expect(res.json().data).not.toHaveProperty('clientSecret');
    expect((await clientRows()).find((r) => r.client_id === 'keeper')!.client_secret).toBe(hash);
    expect((await signIn('keeper', 'keeper-secret')).json().expires_in).toBe(60);
  });

  it('sets a new secret, answers it once, and the old one stops working', async () => {
    const created = await createClient('rotated', { clientSecret: 'first-secret' });
    const res = await submit({ id: created.id, clientSecret: 'second-secret' });
    expect(res.json().data.clientSecret).toBe('second-secret');
    expect((await signIn('rotated', 'second-secret')).statusCode).toBe(200);
    // first-secret was never verified before the change, so nothing remembers it.
    expect((await signIn('rotated', 'first-secret')).statusCode).toBe(401);
  });

  it('stops an old secret that was just used once the minute of remembered credentials is over', async () => {
    const created = await createClient('remembered', { clientSecret: 'old-secret-1' });
    expect((await signIn('remembered', 'old-secret-1')).statusCode).toBe(200);
    await submit({ id: created.id, clientSecret: 'new-secret-1' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await signIn('remembered', 'old-secret-1')).statusCode).toBe(401);
    expect((await signIn('remembered', 'new-secret-1')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and writes nothing', async () => {
    const before = await clientRows();
    expect((await submit({ id: '999999999', ...valid('ghost') })).statusCode).toBe(404);
    expect(await clientRows()).toEqual(before);
  });
});

describe(`GET ${BASE}/list and /detail`, () => {
  it('never answer the secret or its hash', async () => {
    const created = await createClient('listed', { clientSecret: 'listed-secret' });
    const list = await t.app.inject({ url: `${BASE}/list?size=100`, headers: t.auth() });
    const detail = await t.app.inject({ url: `${BASE}/detail?id=${created.id}`, headers: t.auth() });
    for (const res of [list, detail]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/argon2|clientSecret|listed-secret|saber_secret/);
    }
    expect(detail.json().data).toMatchObject({ id: created.id, clientId: 'listed' });
    expect(list.json().data.records.map((r: { clientId: string }) => r.clientId)).toEqual(
      expect.arrayContaining(['saber', 'sword', 'listed']),
    );
  });

  it('filters the list by equality', async () => {
    const list = (await t.app.inject({ url: `${BASE}/list?clientId=sabe`, headers: t.auth() })).json().data;
    expect(list.total).toBe(0);
    const exact = (await t.app.inject({ url: `${BASE}/list?clientId=saber`, headers: t.auth() })).json().data;
    expect(exact.records.map((r: { clientId: string }) => r.clientId)).toEqual(['saber']);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('soft-deletes a client, which can then no longer sign in', async () => {
    const created = await createClient('gone', { clientSecret: 'gone-secret' });
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${created.id}`, headers: t.auth() });
    expect(res.statusCode).toBe(200);
    expect((await clientRows()).find((r) => r.client_id === 'gone')?.is_deleted).toBe(1);
    expect((await signIn('gone', 'gone-secret')).statusCode).toBe(401);
  });

  it('refuses to remove the client the caller signed in through, and removes nothing', async () => {
    const other = await createClient('bystander');
    const saber = (await clientRows()).find((r) => r.client_id === 'saber')!;
    const before = await clientRows();
    const url = `${BASE}/remove?ids=${other.id},${saber.id}`;
    const res = await t.app.inject({ method: 'POST', url, headers: { ...t.auth(), ...EN } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The client saber you are signed in through cannot be removed');
    expect(await clientRows()).toEqual(before);
  });
});

describe('who may call the client endpoints', () => {
  const calls = [
    { method: 'GET', url: `${BASE}/list` },
    { method: 'GET', url: `${BASE}/page` },
    { method: 'GET', url: `${BASE}/detail?id=1` },
    { method: 'POST', url: `${BASE}/submit`, payload: valid('perm') },
    { method: 'POST', url: `${BASE}/remove?ids=1` },
  ] as const;

  it('answers 401 without a token and 403 without the permission, writing nothing', async () => {
    const before = await clientRows();
    for (const call of calls) {
      expect((await t.app.inject({ ...call })).statusCode, call.url).toBe(401);
      expect((await t.app.inject({ ...call, headers: t.auth(plainUser) })).statusCode, call.url).toBe(403);
    }
    expect(await clientRows()).toEqual(before);
  });

  it('lets a platform role holding only the add code add, but not edit', async () => {
    const created = await createClient('edit-guarded');
    const roleId = await createRole(t.database.db, '000000', 'client-adder', ['client', 'client_add']);
    const adder = await t.authFor({ ...plainUser, roleIds: [roleId], roleAliases: ['client-adder'] });
    expect((await submit(valid('by-adder'), adder)).statusCode).toBe(200);
    const before = await clientRows();
    expect((await submit({ id: created.id, clientSecret: 'taken-over' }, adder)).statusCode).toBe(403);
    expect(await clientRows()).toEqual(before);
  });

  it('refuses callers of another tenant even when their role holds every client code', async () => {
    const created = await createClient('platform-only');
    await createTenant(t.database.db, '600001');
    const codes = ['client', 'client_add', 'client_edit', 'client_delete', 'client_view'];
    const roleId = await createRole(t.database.db, '600001', 'client-admin', codes);
    const other = await t.authFor({ ...plainUser, tenantId: '600001', roleIds: [roleId], roleAliases: ['x'] });
    const before = await clientRows();
    const answers = [
      await t.app.inject({ url: `${BASE}/list`, headers: other }),
      await t.app.inject({ url: `${BASE}/detail?id=${created.id}`, headers: other }),
      await submit(valid('by-other'), other),
      await submit({ id: created.id, clientSecret: 'stolen-secret' }, other),
      await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${created.id}`, headers: other }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('platform-only');
    }
    expect(await clientRows()).toEqual(before);
  });
});
