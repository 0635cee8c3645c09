import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/platform/auth/tokens.ts';
import { WEB_HEADERS } from '../../src/platform/http/security-headers.ts';
import { createTestApp, platformAdmin, TEST_SECRET, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('is public and reports each dependency', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      success: true,
      data: { status: 'up', database: 'up', store: 'up' },
      msg: '操作成功',
    });
  });
});

describe('GET /api/health when the database is gone', () => {
  it('answers 503 naming the database', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ url: '/api/health', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 503,
      success: false,
      data: { status: 'down', database: 'down', store: 'up' },
      msg: 'The database is unavailable, please try again shortly',
    });
    await broken.app.close();
  });
});

describe('unknown API paths', () => {
  it('answer a 404 envelope naming the path, in the caller’s language', async () => {
    const zh = await t.app.inject({ url: '/api/blade-system/nothing?x=1' });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({
      code: 404,
      success: false,
      data: null,
      msg: '接口不存在: GET /api/blade-system/nothing',
    });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/nothing',
      headers: { 'accept-language': 'en-GB,en;q=0.8' },
    });
    expect(en.json().msg).toBe('No such endpoint: POST /api/nothing');
  });

  it('stay 404 envelopes for non-API paths when no web build is served', async () => {
    const res = await t.app.inject({ url: '/login' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});

describe('the token guard', () => {
  const url = '/api/blade-system/param/list';

  it('answers 401 "missing token" without a token, and for a header that is not a bearer token', async () => {
    for (const headers of [{}, { 'blade-auth': 'Basic abc' }, { 'blade-auth': 'bearer' }]) {
      const res = await t.app.inject({ url, headers: { ...headers, 'accept-language': 'en' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 401,
        success: false,
        data: null,
        msg: 'Missing token, authentication failed',
      });
    }
  });

  it('answers 401 "invalid" for a forged, expired, unsigned, foreign or refresh token', async () => {
    const other = await createTokenService(new Uint8Array(64)).sign('access', platformAdmin, 's1', 3600);
    // Complete claims of the platform administrator: only the signature, the expiry or the kind is wrong.
    const claims = {
      typ: 'access',
      sid: 's1',
      jti: 'j1',
      tenant_id: '000000',
      user_id: platformAdmin.userId,
      role_name: 'administrator',
      iat: Math.floor(Date.now() / 1000),
    };
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(TEST_SECRET);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ ...claims, exp: claims.iat + 600 }),
    ).toString('base64url')}.`;
    const refreshAsAccess = await createTokenService(TEST_SECRET).sign('refresh', platformAdmin, 's1', 600);
    for (const token of [other, expired, unsigned, refreshAsAccess, 'not.a.jwt']) {
      const res = await t.app.inject({ url, headers: { 'blade-auth': `bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe('令牌已失效,请重新登录');
    }
  });

  it('accepts the configured header with any case of "bearer"', async () => {
    const token = t.auth()['blade-auth']!.split(' ')[1];
    const res = await t.app.inject({ url, headers: { 'Blade-Auth': `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('checks the token before reading the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('bad requests', () => {
  const submit = '/api/blade-system/param/submit';

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: submit,
      headers: { ...t.auth(), 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"paramName": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, success: false, data: null, msg: 'The request body is not valid JSON' });
  });

  it('answers 415 for a content type the endpoint does not read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: submit,
      headers: { ...t.auth(), 'content-type': 'text/csv', 'accept-language': 'en' },
      payload: 'a,b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toBe('Unsupported content type: text/csv');
  });

  it('answers 400 naming the parameter for a query of the wrong type', async () => {
    const res = await t.app.inject({
      url: '/api/blade-system/param/list?current=first',
      headers: { ...t.auth(), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('current: must be a number');
  });

  it('answers 400 for a filter value of the wrong kind', async () => {
    const res = await t.app.inject({
      url: '/api/blade-system/param/list?createTime_datege=yesterday',
      headers: t.auth(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('createTime');
  });
});

describe('the BladeX filter conventions', () => {
  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/blade-system/param/list?size=1000&${query}`, headers: t.auth() });
    expect(res.statusCode).toBe(200);
    return res.json().data.records.map((r: { paramKey: string }) => r.paramKey) as string[];
  };

  it('reads suffix operators, and no suffix as case-insensitive contains', async () => {
    expect(await list('paramKey_equal=account.failCount')).toEqual(['account.failCount']);
    expect(await list('paramKey=ACCOUNT')).toEqual([
      'account.failCount',
      'account.initPassword',
      'account.registerUser',
      'tenant.default.accountNumber',
    ]);
    expect(await list('paramKey_likeright=tenant.default.a')).toEqual(['tenant.default.accountNumber']);
    expect(await list('paramKey_likeleft=Code')).toEqual(['tenant.default.menuCode']);
    expect(await list('paramKey_notlike=account&paramKey_notlike=tenant')).toEqual(
      (await list('')).filter((k) => !k.includes('tenant')),
    );
    expect(await list('paramValue_notequal=true&paramKey_like=register')).toEqual([]);
    expect(await list('remark_null=')).toHaveLength((await list('')).length);
    expect(await list('remark_notnull=')).toEqual([]);
  });

  it('compares dates, ignores unknown keys and empty values, and treats % and _ literally', async () => {
    const all = await list('');
    expect(await list('createTime_datege=2000-01-01 00:00:00')).toEqual(all);
    expect(await list('createTime_datelt=2000-01-01T00:00:00Z')).toEqual([]);
    expect(await list('nonsense=1&paramKey=&paramName_ignore=x')).toEqual(all);
    expect(await list('paramKey=%25')).toEqual([]);
    expect(await list('paramKey=_')).toEqual([]);
  });

  it('sorts by allowed fields in either naming', async () => {
    const asc = await list('ascs=paramKey');
    expect(asc).toEqual([...asc].sort());
    expect(await list('descs=param_key')).toEqual([...asc].reverse());
  });
});

describe('unexpected errors', () => {
  it('answer 500 with an error id that finds the stack in the error log', async () => {
    await sql`alter table blade_param rename to blade_param_gone`.execute(t.database.db);
    try {
      const res = await t.app.inject({
        url: '/api/blade-system/param/list?paramKey=x',
        headers: { ...t.auth(), 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(500);
      const { errorId } = res.json().data;
      expect(res.json().msg).toBe(`Internal server error, error id ${errorId}`);
      expect(res.body).not.toContain('blade_param');
      const { rows } = await sql<Record<string, string>>`
        select tenant_id, request_uri, stack_trace, message, params, create_by from blade_log_error where id = ${errorId}`.execute(
        t.database.db,
      );
      expect(rows[0]).toMatchObject({
        tenant_id: '000000',
        request_uri: '/api/blade-system/param/list',
        create_by: 'admin',
      });
      expect(rows[0]?.message).toContain('blade_param');
      expect(rows[0]?.stack_trace).toMatch(/\n\s+at /);
      expect(JSON.parse(rows[0]?.params ?? '')).toEqual({ paramKey: 'x' });
    } finally {
      await sql`alter table blade_param_gone rename to blade_param`.execute(t.database.db);
    }
  });
});

describe('writes that meet another at the same time', () => {
  const submit = (paramKey: string, paramValue: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      headers: { ...t.auth(), 'accept-language': 'en' },
      payload: { paramName: paramKey, paramKey, paramValue },
    });
  const errorRows = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from blade_log_error`.execute(t.database.db)).rows[0]?.n);

  it('answer 409 "try again" for a serialization failure or a deadlock, with no error-log row', async () => {
    const db = t.database.db;
    await sql`create function refuse_write() returns trigger language plpgsql as $$
      begin raise exception 'could not serialize access' using errcode = '40001'; end $$`.execute(db);
    await sql`create trigger refuse_write before insert on blade_param for each row execute function refuse_write()`.execute(
      db,
    );
    try {
      const before = await errorRows();
      const res = await submit('conflict.serial', 'x');
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(
        'Another change was made to the same data at the same time; nothing was saved, please try again',
      );
      expect(res.headers['error-key']).toBe('error.conflict.concurrent');
      expect(await errorRows()).toBe(before);
    } finally {
      await sql`drop trigger refuse_write on blade_param`.execute(db);
      await sql`drop function refuse_write()`.execute(db);
    }
  });

  it('answer 409 "already exists" for a unique index no rule names, and write nothing', async () => {
    const db = t.database.db;
    await sql`create unique index blade_param_value_once on blade_param (param_value) where param_value = 'taken-value'`.execute(
      db,
    );
    try {
      expect((await submit('conflict.first', 'taken-value')).statusCode).toBe(200);
      const res = await submit('conflict.second', 'taken-value');
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('A record with the same unique value already exists; nothing was saved');
      expect(res.body).not.toContain('blade_param_value_once');
      const { rows } = await sql`select 1 from blade_param where param_key = 'conflict.second'`.execute(db);
      expect(rows).toEqual([]);
    } finally {
      await sql`drop index blade_param_value_once`.execute(db);
    }
  });
});

describe('the api log', () => {
  it('records each changing call with user, tenant, duration and masked parameters, and no reads', async () => {
    // the calls of the tests before, written first (the log is written in batches), so that none lands after the delete
    await t.app.platform.audit.flush();
    await sql`delete from blade_log_api`.execute(t.database.db);
    await t.app.inject({ url: '/api/blade-system/param/list', headers: t.auth() });
    await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/param/submit?token=abc',
      headers: { ...t.auth(), 'user-agent': 'vitest' },
      payload: { paramName: 'Mail password', paramKey: 'mail.password', paramValue: 'hunter2', password: 'p' },
    });
    await t.app.platform.audit.flush();
    const { rows } = await sql<Record<string, string>>`
      select tenant_id, method, request_uri, create_by, create_user, remote_ip, time, params, user_agent, status_code
      from blade_log_api`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      tenant_id: '000000',
      method: 'POST',
      request_uri: '/api/blade-system/param/submit',
      create_by: 'admin',
      create_user: platformAdmin.userId,
      user_agent: 'vitest',
      status_code: 200,
    });
    expect(Number(row.time)).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(row.params!)).toEqual({
      token: '******',
      paramName: 'Mail password',
      paramKey: 'mail.password',
      paramValue: '******',
      password: '******',
    });
    expect(row.params).not.toContain('hunter2');
  });
});

describe('the web client', () => {
  let web: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // the build's precompressed siblings (web/build/precompress.ts)
    for (const file of ['index.html', 'assets/index-abc123.js']) {
      const data = fs.readFileSync(path.join(dist, file));
      fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(data));
      fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(data));
    }
    web = await createTestApp({ webDist: dist, apiDocs: true });
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html, uncached, at / and at client routes', async () => {
    for (const url of ['/', '/login', '/wel/index', '/system/param?x=1']) {
      const res = await web.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await web.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file the client accepts, brotli first, varying on it (issue 17)', async () => {
    const cases = [
      ['br, gzip, deflate', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['identity', undefined, (b: Buffer) => b],
    ] as const;
    for (const [url, type, text] of [
      ['/assets/index-abc123.js', 'javascript', 'console.log(1)'],
      ['/login', 'text/html', '<div id="root">'],
    ]) {
      for (const [accept, encoding, decode] of cases) {
        const res = await web.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(res.headers.vary, `${url} ${accept}`).toContain('accept-encoding');
        expect(res.headers['content-type']).toContain(type);
        expect(decode(res.rawPayload).toString()).toContain(text);
      }
    }
  });

  it('sends the security headers on its pages and files (issue 16 item 12)', async () => {
    for (const url of ['/', '/kiosk', '/assets/index-abc123.js', '/assets/missing.js']) {
      const res = await web.app.inject({ url });
      expect(res.headers, url).toMatchObject(WEB_HEADERS);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    }
  });

  it('answers the API with no-store and nosniff, signed in or not (issue 16 item 12)', async () => {
    for (const [url, headers] of [
      ['/api/blade-system/param/list', web.auth()],
      ['/api/blade-auth/oauth/captcha', {}],
      ['/api/unknown', {}],
    ] as const) {
      const res = await web.app.inject({ url, headers });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
    }
  });

  it('answers a folder of the build as a client route, never a listing or a refusal', async () => {
    for (const url of ['/assets', '/assets/', '/assets/../assets']) {
      const res = await web.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('keeps API 404s and missing files as 404s', async () => {
    const api = await web.app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(404);
    expect((await web.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('serves the OpenAPI document when API_DOCS is on', async () => {
    const res = await web.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/blade-system/param/list', '/api/health']));
    // BladeX clients sign out on 401: a refused permission is 403 here, and the document says so (issue 21)
    expect(doc.info.description).toMatch(/\*\*403\*\*, where BladeX answers 401/);
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
