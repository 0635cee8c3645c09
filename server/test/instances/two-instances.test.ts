import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { freshDatabase } from '../support/database.ts';
import { createRole, createUser } from '../support/factories.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

// Two server processes on one PostgreSQL and one Redis, as in a scaled-out installation.
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const servers: ServerProcess[] = [];
let database: OpenDatabase;
let a: string;
let b: string;

const start = async (databaseUrl: string): Promise<string> => {
  const server = await startServer({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cw-instance-')),
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL,
    ADMIN_PASSWORD: 'twin-admin-password',
    LOG_LEVEL: 'warn',
  });
  servers.push(server);
  return server.url;
};

const login = (base: string, username: string, password: string) =>
  fetch(
    `${base}/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', username, password: md5Hex(password), grant_type: 'password', scope: 'all' })}`,
    {
      method: 'POST',
      headers: { authorization: SABER },
    },
  );
const userInfo = (base: string, token: string) =>
  fetch(`${base}/api/blade-auth/oauth/user-info`, { headers: { 'blade-auth': `bearer ${token}` } });

beforeAll(async () => {
  database = await freshDatabase();
  const url = (database as OpenDatabase & { url?: string }).url;
  if (!url) throw new Error('freshDatabase must tell its URL');
  a = await start(url);
  b = await start(url);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database.close();
});

describe('two server instances on one PostgreSQL and one Redis', () => {
  it('share tokens, and a logout on one is refused on the other', async () => {
    const { access_token } = (await (await login(a, 'admin', 'twin-admin-password')).json()) as {
      access_token: string;
    };
    expect((await userInfo(b, access_token)).status).toBe(200);
    await fetch(`${a}/api/blade-auth/oauth/logout`, { headers: { 'blade-auth': `bearer ${access_token}` } });
    expect((await userInfo(b, access_token)).status).toBe(401);
    expect((await userInfo(a, access_token)).status).toBe(401);
  });

  it('count sign-in failures made on both towards one limit (this address then needs the captcha)', async () => {
    const roleId = await createRole(database.db, '000000', 'twin');
    const account = `twin-${Date.now()}`;
    await createUser(database.db, '000000', account, 'right-pass', { roleIds: [roleId] });
    for (const base of [a, b, a, b, a]) expect((await login(base, account, 'wrong-pass')).status).toBe(400);
    const refused = await login(b, account, 'right-pass');
    expect(((await refused.json()) as { error_description: string }).error_description).toBe(
      '登录失败次数过多,请输入验证码后再试',
    );
  });

  it('refuse a session ended by 强退 on one instance at its next call on the other', async () => {
    const admin = (await (await login(a, 'admin', 'twin-admin-password')).json()) as { access_token: string };
    const victim = (await (await login(b, 'admin', 'twin-admin-password')).json()) as { access_token: string };
    expect((await userInfo(b, victim.access_token)).status).toBe(200);
    const auth = { 'blade-auth': `bearer ${admin.access_token}` };
    const listed = (await (await fetch(`${a}/api/blade-log/online/list?size=100`, { headers: auth })).json()) as {
      data: { records: { id: string; loginTime: string }[] };
    };
    // The latest sign-in is the victim's (the list is newest first).
    const session = listed.data.records[0]!;
    const ended = await fetch(`${a}/api/blade-log/online/logout?ids=${session.id}`, { method: 'POST', headers: auth });
    expect(ended.status).toBe(200);
    expect((await userInfo(b, victim.access_token)).status).toBe(401);
    expect((await userInfo(a, admin.access_token)).status).toBe(200);
  });

  it('answer a report on one instance with what was written through the other, at the next read', async () => {
    const { access_token } = (await (await login(a, 'admin', 'twin-admin-password')).json()) as {
      access_token: string;
    };
    const headers = {
      authorization: SABER,
      'blade-auth': `bearer ${access_token}`,
      'content-type': 'application/json',
    };
    const submit = async (base: string, url: string, body: object) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(res.status, url).toBe(200);
      return ((await res.json()) as { data: { id: string } }).data;
    };
    const device = await submit(b, '/api/blade-warehouse/device/submit', {
      code: 'TW-D',
      name: 'Twin',
      type: 'cabinet',
    });
    const type = await submit(b, '/api/warehouse/materialstype/submit', { code: 'TW-T', name: 'Twin type' });
    const material = await submit(b, '/api/warehouse/materialscode/submit', {
      code: 'TW-M',
      name: 'Twin gloves',
      unit: 'pcs',
      typeId: type.id,
    });
    const stockValue = async () => {
      const res = await fetch(`${a}/api/warehouse/report/keyFigures`, { headers });
      return Number(((await res.json()) as { data: { stockValue: string } }).data.stockValue);
    };
    const before = await stockValue();
    expect(await stockValue()).toBe(before); // now kept on a
    await submit(b, '/api/warehouse/refuel/submit', {
      deviceId: device.id,
      items: [{ materialCodeId: material.id, quantity: 3, unitPrice: 5 }],
    });
    expect(await stockValue()).toBe(before + 15);
  });
});
