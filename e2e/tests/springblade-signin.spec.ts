import { expect, test } from '@playwright/test';
import smCrypto from 'sm-crypto';
import { ADMIN_PASSWORD } from '../support/session.ts';

const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * The open-source Saber client's sign-in against the built server: the password encrypted with
 * sm-crypto under the server's published SM2 public key exactly as Saber's `utils/sm2.js` does
 * (C1C2C3, hex), posted with the parameters in the query and no body; then a system call with the
 * token in Blade-Auth, as its screens make them.
 */
test('a SpringBlade client signs in with an SM2-encrypted password and reads the users', async ({ request }) => {
  const key = await request.get('/api/blade-auth/sm2-public-key');
  const { publicKey } = ((await key.json()) as { data: { publicKey: string } }).data;
  expect(publicKey).toMatch(/^04[0-9a-f]{128}$/);

  const query = new URLSearchParams({
    grantType: 'password',
    tenantId: '000000',
    account: 'admin',
    password: smCrypto.sm2.doEncrypt(ADMIN_PASSWORD, publicKey, 0),
    type: 'account',
  });
  const signIn = await request.post(`/api/blade-auth/token?${query}`, { headers: { authorization: CLIENT } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { code, data } = (await signIn.json()) as { code: number; data: { accessToken: string; authority: string } };
  expect(code).toBe(200);
  expect(data.authority).toBe('administrator');

  const page = await request.get('/api/blade-system/user/page?current=1&size=10', {
    headers: { authorization: CLIENT, 'blade-auth': `bearer ${data.accessToken}` },
  });
  expect(page.status(), await page.text()).toBe(200);
  const records = ((await page.json()) as { data: { records: { account: string }[] } }).data.records;
  expect(records.map((r) => r.account)).toContain('admin');
});
