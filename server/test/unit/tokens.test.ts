import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../src/platform/auth/tokens.ts';

const secret = new TextEncoder().encode('a-test-secret-of-32-bytes-or-more!!');
const caller = {
  tenantId: '000001',
  userId: '7',
  account: 'clerk',
  roleIds: ['11', '12'],
  roleAliases: ['clerk'],
  deptIds: ['21'],
  postIds: [],
  clientId: 'saber',
};

afterEach(() => vi.useRealTimers());

describe('verified tokens are kept', () => {
  it('answers a token seen before with what it said, without checking it again', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign('access', caller, 's1', 60);
    const first = await tokens.verify(token, 'access');
    expect(first?.caller).toEqual(caller);
    expect(await tokens.verify(token, 'access')).toBe(first);
  });

  it('still refuses a kept token as the other kind', async () => {
    const tokens = createTokenService(secret);
    const refresh = await tokens.sign('refresh', caller, 's1', 60);
    expect(await tokens.verify(refresh, 'refresh')).not.toBeNull();
    expect(await tokens.verify(refresh, 'access')).toBeNull();
    expect(await tokens.verify(refresh, 'refresh')).not.toBeNull();
  });

  it('keeps a token no longer than it lives', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign('access', caller, 's1', 2);
    expect(await tokens.verify(token, 'access')).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + 3000 });
    expect(await tokens.verify(token, 'access')).toBeNull();
  });

  it('never keeps a token with a bad signature', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign('access', caller, 's1', 60);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await tokens.verify(forged, 'access')).toBeNull();
    expect(await tokens.verify(forged, 'access')).toBeNull();
    expect(
      await createTokenService(new TextEncoder().encode('another-secret-of-32-bytes-or-more')).verify(token, 'access'),
    ).toBeNull();
  });

  it('shares a frozen caller, which no call can change for the next', async () => {
    const tokens = createTokenService(secret);
    const verified = await tokens.verify(await tokens.sign('access', caller, 's1', 60), 'access');
    expect(() => {
      (verified!.caller as { tenantId: string }).tenantId = '000000';
    }).toThrow(TypeError);
    expect(() => verified!.caller.roleIds.push('1')).toThrow(TypeError);
  });
});
