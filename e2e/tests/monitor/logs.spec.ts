import { expect, type Page, test } from '@playwright/test';
import { signInAnswer } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { rowOf, search } from '../../support/crud.ts';
import { openSignedIn, signIn } from '../../support/session.ts';
import { seriousViolations } from '../../support/sweep.ts';
import { unreadableCells } from '../../support/table-layout.ts';

test.skip(!hasChromium, SKIP_LINE);
// The log screens and 在线用户 are walked in both languages, with axe, by the sweep of every menu screen
// (sweep.spec.ts); here what they do.

const drawer = (page: Page) => page.getByRole('dialog');

test('the login log filters by account and result, and its detail opens in a drawer', async ({ page, request }) => {
  // A refused attempt of an account of its own (a retry's own too), so the filter has one thing to find.
  const nobody = `e2e-nobody-${Date.now().toString(36)}`;
  expect((await signInAnswer(request, nobody, 'wrong-password-1')).status()).toBe(400);
  await openSignedIn(page, '/monitor/log/login');
  await search(page, { 账号: nobody });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(rowOf(page, nobody)).toContainText('账号或密码错误');
  await search(page, { 账号: '', 结果: { choose: '成功' } });
  await expect(rowOf(page, 'admin').first()).toContainText('成功');
  await expect(page.locator('tr.ant-table-row').filter({ hasText: '账号或密码错误' })).toHaveCount(0);
  await rowOf(page, 'admin')
    .first()
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(drawer(page).getByText('登录日志详情')).toBeVisible();
  await expect(drawer(page).getByText('用户代理')).toBeVisible();
  expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);
});

test('the api log finds the sign-ins by path; the drawer shows their parameters indented, the password masked', async ({
  page,
}) => {
  await openSignedIn(page, '/monitor/log/api');
  await search(page, { 请求地址: 'oauth/token' });
  const first = page.locator('tr.ant-table-row').first();
  await expect(first).toContainText('/api/blade-auth/oauth/token');
  await first.getByRole('button', { name: /查\s*看/ }).click();
  const params = drawer(page).locator('[data-field="params"]');
  await expect(params).toContainText('"password": "******"');
  await expect(params).toContainText('\n  "');
  await drawer(page)
    .getByRole('button', { name: 'Close' })
    .or(drawer(page).locator('.ant-drawer-close'))
    .first()
    .click();
  await search(page, { 请求地址: 'no-such-path' });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(0);
});

test('强退 ends a second browser’s session: its next call sends it to the login page', async ({ page, browser }) => {
  const second = await browser.newContext({ userAgent: 'E2E-Second/1.0' });
  const other = await second.newPage();
  try {
    await signIn(other);
    await openSignedIn(page, '/monitor/online');
    const row = rowOf(page, 'E2E-Second');
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await row.getByRole('button', { name: /强\s*退/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('已强制退出')).toBeVisible();
    await expect(rowOf(page, 'E2E-Second')).toHaveCount(0);
    // This session stays; the other one is refused at its next call.
    await other.goto('/system/post');
    await expect(other).toHaveURL(/\/login/);
    await page.goto('/monitor/log/usual');
    await search(page, { 事件: 'auth.forceLogout' });
    await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  } finally {
    await second.close();
  }
});

test('the widest log screens keep every column readable at 1440 px in both languages', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const found: string[] = [];
  for (const language of ['zh', 'en'] as const) {
    if (language === 'en') await page.getByText('English').click();
    for (const route of ['/monitor/log/api', '/monitor/log/login', '/monitor/online']) {
      await page.goto(route);
      await expect(page.locator('main .ant-table-row').first()).toBeVisible({ timeout: 20_000 });
      for (const p of await unreadableCells(page, 'start')) found.push(`${route} in ${language}: ${p}`);
    }
  }
  expect(found, found.join('\n')).toEqual([]);
});
