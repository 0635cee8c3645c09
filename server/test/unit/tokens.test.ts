import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../src/platform/auth/tokens.ts';

const caller = {
  tenantId: '000000',
  userId: '1',
  account: 'admin',
  roleIds: ['2'],
  roleAliases: ['administrator'],
  deptIds: ['3'],
  postIds: [],
  clientId: 'saber',
};

describe('token verification', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses a remembered token once it has expired', async () => {
    const tokens = createTokenService(new TextEncoder().encode('a-secret-of-the-test-0123456789'));
    const token = await tokens.sign('access', caller, 'session-1', 60);
    expect((await tokens.verify(token, 'access'))?.caller.account).toBe('admin');
    // The second check is answered from memory, the third after the lifetime has passed.
    expect((await tokens.verify(token, 'access'))?.sessionId).toBe('session-1');
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    expect(await tokens.verify(token, 'access')).toBeNull();
  });

  it('refuses a remembered token of another kind, an altered one, and one signed with another secret', async () => {
    const tokens = createTokenService(new TextEncoder().encode('a-secret-of-the-test-0123456789'));
    const token = await tokens.sign('access', caller, 'session-1', 60);
    expect(await tokens.verify(token, 'access')).not.toBeNull();
    expect(await tokens.verify(token, 'refresh')).toBeNull();
    const [head, body, signature] = token.split('.');
    const altered = `${head}.${body}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(await tokens.verify(altered, 'access')).toBeNull();
    const other = createTokenService(new TextEncoder().encode('another-secret-of-the-test-98765'));
    expect(await other.verify(token, 'access')).toBeNull();
  });

  it('answers contents that no caller can change for the next request', async () => {
    const tokens = createTokenService(new TextEncoder().encode('a-secret-of-the-test-0123456789'));
    const token = await tokens.sign('access', caller, 'session-1', 60);
    await tokens.verify(token, 'access');
    const remembered = (await tokens.verify(token, 'access'))!;
    expect(() => {
      remembered.caller.roleIds.push('9');
    }).toThrow(TypeError);
    expect(() => {
      (remembered.caller as { tenantId: string }).tenantId = '111111';
    }).toThrow(TypeError);
  });
});
