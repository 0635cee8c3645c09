import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { PLATFORM_TENANT_ID } from '../../src/platform/tenancy/context.ts';
import { createRole, createUser } from '../support/factories.ts';
import { createTestApp, linesInto, type TestApp } from '../support/test-app.ts';

const TOKEN = '/api/blade-auth/oauth/token';
const CLIENT_SECRET = 'saber_secret';
const SABER = `Basic ${Buffer.from(`saber:${CLIENT_SECRET}`).toString('base64')}`;
const FIRST = 'first-Secret-77';
const SECOND = 'second-Secret-88';
const THIRD = 'third-Secret-99';
const WRONG = 'wrong-Secret-66';
const CAPTCHA_CODE = 'Zq7Kx';
const DATASOURCE_PASSWORD = 'ds-Secret-55';

let t: TestApp;
const logLines: string[] = [];
/** Every value that must never be written down: filled as the scenario makes them. */
const secrets = new Set<string>([CLIENT_SECRET, SABER.slice(6)]);

beforeAll(async () => {
  const logStream = linesInto(logLines);
  t = await createTestApp({ logStream });
  await createUser(t.database.db, PLATFORM_TENANT_ID, 'leaky', FIRST, {
    roleIds: [await createRole(t.database.db, PLATFORM_TENANT_ID, 'leaky-role', [])],
  });
  for (const password of [FIRST, SECOND, THIRD, WRONG, '123456', 'admin-password', DATASOURCE_PASSWORD]) {
    secrets.add(password).add(md5Hex(password));
  }
  secrets.add(CAPTCHA_CODE);
});
afterAll(() => t.close());

/** Calls as Saber does: every parameter in the query. */
function post(url: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${url}?${new URLSearchParams(query)}`, headers });
}

async function signIn(account: string, password: string) {
  const res = await post(
    TOKEN,
    { tenantId: PLATFORM_TENANT_ID, username: account, password: md5Hex(password), grant_type: 'password' },
    { authorization: SABER },
  );
  expect(res.statusCode, res.body).toBe(200);
  const { access_token, refresh_token } = res.json();
  secrets.add(access_token).add(refresh_token);
  return { auth: { 'blade-auth': `bearer ${access_token}` }, refresh: refresh_token as string };
}

async function storedHash(): Promise<string> {
  const { rows } = await sql<{ password: string }>`
    select password from blade_user where account = 'leaky' and tenant_id = ${PLATFORM_TENANT_ID}`.execute(
    t.database.db,
  );
  secrets.add(rows[0]!.password);
  return rows[0]!.password;
}

const changePassword = (auth: Record<string, string>, from: string, to: string) =>
  post(
    '/api/blade-user/update-password',
    { oldPassword: md5Hex(from), newPassword: md5Hex(to), newPassword1: md5Hex(to) },
    auth,
  );

describe('secrets in the log and the log tables', () => {
  it('after sign-ins, refresh, password change, reset, a failed update, a wrong password and code, a new client and datasource, none holds a secret', async () => {
    await storedHash();
    const leaky = await signIn('leaky', FIRST);
    const refreshed = await post(
      TOKEN,
      { grant_type: 'refresh_token', refresh_token: leaky.refresh, tenantId: PLATFORM_TENANT_ID },
      { authorization: SABER },
    );
    expect(refreshed.statusCode).toBe(200);
    secrets.add(refreshed.json().access_token).add(refreshed.json().refresh_token);
    const renewed = { 'blade-auth': `bearer ${refreshed.json().access_token}` };
    expect((await changePassword(renewed, FIRST, SECOND)).statusCode).toBe(200);
    await storedHash();

    const admin = await signIn('admin', 'admin-password');
    const { rows } = await sql<{ id: string }>`select id::text from blade_user where account = 'leaky'`.execute(
      t.database.db,
    );
    expect((await post('/api/blade-user/reset-password', { userIds: rows[0]!.id }, admin.auth)).statusCode).toBe(200);
    await storedHash();

    // A failing statement whose parameters hold a password hash: the database refuses the new password.
    await sql`create function refuse_password() returns trigger language plpgsql as $$
      begin raise exception 'password changes are refused'; end $$`.execute(t.database.db);
    await sql`create trigger refuse_password before update of password on blade_user
      for each row execute function refuse_password()`.execute(t.database.db);
    const again = await signIn('leaky', '123456');
    const failed = await changePassword(again.auth, '123456', THIRD);
    expect(failed.statusCode).toBe(500);
    // A wrong password, a wrong verification code, a new OAuth client signing in, a datasource's password.
    const wrong = await post(
      TOKEN,
      { tenantId: PLATFORM_TENANT_ID, username: 'leaky', password: md5Hex(WRONG), grant_type: 'password' },
      { authorization: SABER },
    );
    expect(wrong.statusCode).toBe(400);
    const captcha = await post(
      TOKEN,
      { tenantId: PLATFORM_TENANT_ID, username: 'leaky', password: md5Hex(THIRD), grant_type: 'captcha' },
      { authorization: SABER, 'captcha-key': 'some-key', 'captcha-code': CAPTCHA_CODE },
    );
    expect(captcha.statusCode).toBe(400);
    const client = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/client/submit',
      headers: admin.auth,
      payload: {
        clientId: 'leaky-app',
        authorizedGrantTypes: 'password,refresh_token',
        accessTokenValidity: 600,
        refreshTokenValidity: 3600,
      },
    });
    expect(client.statusCode, client.body).toBe(200);
    const clientSecret = client.json().data.clientSecret as string;
    const clientBasic = Buffer.from(`leaky-app:${clientSecret}`).toString('base64');
    secrets.add(clientSecret).add(clientBasic);
    const viaClient = await post(
      TOKEN,
      { tenantId: PLATFORM_TENANT_ID, username: 'admin', password: md5Hex('admin-password'), grant_type: 'password' },
      { authorization: `Basic ${clientBasic}` },
    );
    expect(viaClient.statusCode).toBe(200);
    secrets.add(viaClient.json().access_token).add(viaClient.json().refresh_token);
    const datasource = await t.app.inject({
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      headers: admin.auth,
      payload: {
        name: 'leaky',
        driverClass: 'org.postgresql.Driver',
        url: 'jdbc:postgresql://127.0.0.1:1/x',
        username: 'reader',
        password: DATASOURCE_PASSWORD,
      },
    });
    // refused (nothing listens there), after its password went through the request's logging
    expect(datasource.statusCode, datasource.body).toBe(400);
    await t.app.inject({ url: '/api/blade-auth/oauth/logout', headers: admin.auth });
    await t.app.platform.audit.flush();

    const tables = await sql<{ row: string }>`
      select row_to_json(l)::text as row from blade_log_api l
      union all select row_to_json(l)::text from blade_log_error l
      union all select row_to_json(l)::text from blade_log_usual l
      union all select row_to_json(l)::text from blade_log_login l
      union all select row_to_json(l)::text from blade_user_session l`.execute(t.database.db);
    const written = [...logLines, ...tables.rows.map((r) => r.row)].join('\n');
    // The scenario was logged: the calls and the error are there, only their secrets are not.
    expect(written).toContain('/api/blade-user/update-password');
    expect(written).toContain('password changes are refused');
    expect(written).toContain('bad_password');
    expect(written).toContain('bad_captcha');
    expect(written).toContain('leaky-app');
    expect(written).toContain('auth.signOut');
    const leaked = [...secrets].filter((secret) => written.includes(secret));
    expect(leaked).toEqual([]);
    expect(written).not.toMatch(/\$argon2/);
  });
});
