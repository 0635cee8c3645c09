import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/platform/auth/tokens.ts';

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

describe('a token', () => {
  it('carries its issue time in milliseconds', async () => {
    const tokens = createTokenService(new TextEncoder().encode('a-test-secret-of-32-bytes-or-more!!'));
    const before = Date.now();
    const verified = await tokens.verify(await tokens.sign('access', caller, 's1', 60), 'access');
    expect(verified?.issuedAt).toBeGreaterThanOrEqual(before);
    expect(verified?.issuedAt).toBeLessThanOrEqual(Date.now());
  });
});
