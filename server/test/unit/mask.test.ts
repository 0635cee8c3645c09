import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/platform/audit/mask.ts';

describe('maskSecrets', () => {
  it('masks secret-looking keys at any depth and keeps the rest', () => {
    expect(
      maskSecrets({
        account: 'admin',
        password: 'x',
        newPassword1: 'y',
        oldPassword: 'z',
        nested: { clientSecret: 's', refresh_token: 't', accessKey: 'a', paramKey: 'k' },
        list: [{ Authorization: 'Basic x' }],
      }),
    ).toEqual({
      account: 'admin',
      password: '******',
      newPassword1: '******',
      oldPassword: '******',
      nested: { clientSecret: '******', refresh_token: '******', accessKey: '******', paramKey: 'k' },
      list: [{ Authorization: '******' }],
    });
  });
});
