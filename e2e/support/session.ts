import { expect, type Page } from '@playwright/test';

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
