import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/platform/auth/passwords.ts';
import { createSessionRegistry } from '../../src/platform/auth/sessions.ts';
import { createMemoryStore } from '../../src/platform/store/memory-store.ts';
import { createTestApp, platformAdmin, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A registry over the test's database with a store of its own: a new one is a restarted server, or a
// Redis that came back empty.
const registry = (now?: () => number) => createSessionRegistry(createMemoryStore(), t.database.db, now);

describe('revoking a user', () => {
  it('refuses the tokens issued before, and takes one issued a moment after, in the same second', async () => {
    // 300 ms into the current second: a clock of the past would make the revocation expired to the
    // app's own sweep of expired rows, which may run at any moment of this test
    const second = Math.floor(Date.now() / 1000) * 1000;
    let clock = second + 300;
    const sessions = registry(() => clock);
    await sessions.revokeUser('000000', 'u-same-second');
    expect(await sessions.isLive('000000', 'u-same-second', 's1', second + 200)).toBe(false);
    clock += 400;
    // a sign-in right after a password reset: same second, later instant
    expect(await sessions.isLive('000000', 'u-same-second', 's2', second + 301)).toBe(true);
    expect(await sessions.isLive('000000', 'u-other', 's3', second + 200)).toBe(true);
  });

  it('reads a revocation stored in whole seconds (before milliseconds) as that second', async () => {
    const store = createMemoryStore();
    await store.set('revocations:loaded', '1', 60_000);
    await store.set('user:revoked-before:000000:u-seconds', '1700000011', 60_000);
    const sessions = createSessionRegistry(store, t.database.db);
    expect(await sessions.isLive('000000', 'u-seconds', 's1', 1_700_000_010_999)).toBe(false);
    expect(await sessions.isLive('000000', 'u-seconds', 's1', 1_700_000_011_001)).toBe(true);
  });
});

describe('revocations after a restart or an empty store', () => {
  it('still refuse a logged-out session, a revoked user and tenant, and keep the session that was kept', async () => {
    const before = registry();
    const issued = Date.now() - 1000;
    await before.revokeSession('s-logged-out');
    await before.revokeUser('000000', 'u-disabled');
    await before.revokeUser('000000', 'u-changed-password', { keepSession: 's-that-changed-it' });
    await before.revokeTenant('t-gone');

    const after = registry();
    expect(await after.isLive('000000', 'u-any', 's-logged-out', issued)).toBe(false);
    expect(await after.isLive('000000', 'u-disabled', 's-x', issued)).toBe(false);
    expect(await after.isLive('000000', 'u-changed-password', 's-other', issued)).toBe(false);
    expect(await after.isLive('000000', 'u-changed-password', 's-that-changed-it', issued)).toBe(true);
    expect(await after.isLive('t-gone', 'u-any', 's-y', issued)).toBe(false);
    expect(await after.isLive('000000', 'u-any', 's-fine', issued)).toBe(true);
  });

  it('still refuse a used refresh token', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    expect(await registry().useRefreshToken('r-once', exp)).toBe(true);
    expect(await registry().useRefreshToken('r-once', exp)).toBe(false);
  });

  it('are deleted once expired', async () => {
    const later = Date.now() + 401 * 24 * 3600 * 1000;
    const sessions = registry();
    await sessions.revokeSession('s-expiring');
    await sessions.useRefreshToken('r-expiring', Math.floor(Date.now() / 1000) + 60);
    await registry(() => later).sweep();
    const { rows } = await sql<{ n: string }>`
      select (select count(*) from auth_revocation where key = 'session:revoked:s-expiring')
           + (select count(*) from auth_refresh_used where token_id = 'r-expiring') as n`.execute(t.database.db);
    expect(Number(rows[0]?.n)).toBe(0);
  });
});

describe('changing one’s own password', () => {
  it('ends the user’s other sessions and keeps the one that changed it', async () => {
    const [mine, other] = [await t.authFor(platformAdmin), await t.authFor(platformAdmin)];
    const query = new URLSearchParams({
      oldPassword: md5Hex('admin-password'),
      newPassword: md5Hex('new-password'),
      newPassword1: md5Hex('new-password'),
    });
    const res = await t.app.inject({ method: 'POST', url: `/api/blade-user/update-password?${query}`, headers: mine });
    expect(res.statusCode).toBe(200);
    const info = (headers: Record<string, string>) =>
      t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers }).then((r) => r.statusCode);
    expect(await info(mine)).toBe(200);
    expect(await info(other)).toBe(401);
  });
});
