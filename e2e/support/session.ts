import { expect, type Page } from '@playwright/test';
import { signInAnswer } from './api.ts';

export const ADMIN_PASSWORD = 'e2e-admin-password';

/** Signs in through the login page (tenant 000000 unless named) and waits for the home page. */
export async function signIn(page: Page, account = 'admin', password = ADMIN_PASSWORD, tenantId = '000000') {
  await page.goto('/login');
  await page.getByLabel('租户ID').fill(tenantId);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
}

/** The signed-in page's token (the client's stored session), for calls made around the UI. */
export const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string);

/**
 * Opens a screen as a signed-in account, for tests of that screen rather than of signing in: the token answer
 * of a sign-in by the API, kept where the client keeps its session (web/src/app/session.ts: the site key's
 * entries in localStorage), then the screen. It spares the login page and the home page with its charts that
 * `signIn` then a `goto` load: 1.5 s a test on CI's machine, of 5.
 */
export async function openSignedIn(
  page: Page,
  screen: string,
  account = 'admin',
  password = ADMIN_PASSWORD,
  tenantId = '000000',
) {
  const res = await signInAnswer(page.request, account, password, tenantId);
  expect(res.status(), await res.text()).toBe(200);
  const { access_token, refresh_token, ...userInfo } = (await res.json()) as Record<string, unknown>;
  // a page of the product's origin without the client, where its storage can be written
  await page.goto('/api/health');
  await page.evaluate(
    (entries) => {
      for (const [name, content] of Object.entries(entries)) {
        const stored = { dataType: typeof content, content, datetime: Date.now() };
        localStorage.setItem(`saber-${name}`, JSON.stringify(stored));
      }
    },
    { token: access_token, refreshToken: refresh_token, userInfo, tenantId: String(userInfo.tenant_id) },
  );
  await page.goto(screen);
}
