import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_LIMITS } from '../../src/modules/auth/routes.ts';
import { inOneWindow } from '../support/rate-windows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const CAPTCHA = '/api/blade-auth/oauth/captcha';
const TOKEN = '/api/blade-auth/oauth/token';
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: true });
});
afterAll(() => t.close());

const fromAddress = (url: string, remoteAddress: string, method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({ method, url, remoteAddress, headers: { authorization: SABER, 'accept-language': 'en-US' } });

describe('rate limits on the public calls', () => {
  it('answer 429 with Retry-After past the captcha limit, and count each address on its own', async () => {
    const { max } = PUBLIC_LIMITS.captcha;
    const answers = [];
    await inOneWindow(PUBLIC_LIMITS.captcha.windowMs);
    for (let i = 0; i < max + 2; i++) answers.push(await fromAddress(CAPTCHA, '10.0.0.1'));
    expect(answers.slice(0, max).every((a) => a.statusCode === 200)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 429,
      success: false,
      msg: 'Too many requests, please try again later',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await fromAddress(CAPTCHA, '10.0.0.2')).statusCode).toBe(200);
  });

  it('stop one address from trying sign-ins before any password is checked', async () => {
    const { max } = PUBLIC_LIMITS.token;
    const url = `${TOKEN}?grant_type=password&tenantId=000000&username=nobody&password=x&scope=all`;
    const statuses = [];
    await inOneWindow(PUBLIC_LIMITS.token.windowMs);
    for (let i = 0; i < max + 1; i++) statuses.push((await fromAddress(url, '10.0.0.3', 'POST')).statusCode);
    expect(statuses.slice(0, max).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('leave calls without a declared limit alone', async () => {
    for (let i = 0; i < 80; i++) expect((await fromAddress('/api/health', '10.0.0.4')).statusCode).toBe(200);
  });
});
