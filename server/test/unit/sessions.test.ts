import { describe, expect, it } from 'vitest';
import { createSessionRegistry } from '../../src/platform/auth/sessions.ts';
import { createTokenService } from '../../src/platform/auth/tokens.ts';
import { createMemoryStore } from '../../src/platform/store/memory-store.ts';

const caller = {
  tenantId: '000000',
  userId: '1',
  account: 'admin',
  roleIds: [],
  roleAliases: [],
  deptIds: [],
  postIds: [],
  clientId: 'saber',
};

describe('revoking a user', () => {
  it('refuses the tokens issued before, and takes one issued a moment after, in the same second', async () => {
    let clock = 1_700_000_010_300;
    const sessions = createSessionRegistry(createMemoryStore(), () => clock);
    await sessions.revokeUser('000000', '1');
    expect(await sessions.isLive('000000', '1', 's1', 1_700_000_010_200)).toBe(false);
    clock += 400;
    // a sign-in right after a password reset: same second, later instant
    expect(await sessions.isLive('000000', '1', 's2', 1_700_000_010_301)).toBe(true);
    expect(await sessions.isLive('000000', '2', 's3', 1_700_000_010_200)).toBe(true);
  });

  it('reads a revocation stored in whole seconds (before milliseconds) as that second', async () => {
    const store = createMemoryStore();
    await store.set('user:revoked-before:000000:1', '1700000011', 60_000);
    const sessions = createSessionRegistry(store);
    expect(await sessions.isLive('000000', '1', 's1', 1_700_000_010_999)).toBe(false);
    expect(await sessions.isLive('000000', '1', 's1', 1_700_000_011_001)).toBe(true);
  });
});

describe('a token', () => {
  it('carries its issue time in milliseconds', async () => {
    const tokens = createTokenService(new TextEncoder().encode('a-test-secret-of-32-bytes-or-more!!'));
    const before = Date.now();
    const verified = await tokens.verify(await tokens.sign('access', caller, 's1', 60), 'access');
    expect(verified?.issuedAt).toBeGreaterThanOrEqual(before);
    expect(verified?.issuedAt).toBeLessThanOrEqual(Date.now());
  });
});
