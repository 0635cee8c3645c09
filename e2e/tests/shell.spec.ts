import { expect, type Page, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../support/chromium.ts';
import { expectPageLanguage } from '../support/language.ts';

test.skip(!hasChromium, SKIP_LINE);

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('e2e-admin-password');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
}

test('the layout shows the caller’s menu; a menu page not built yet says so inside the layout, with its tab', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  await page.getByRole('menuitem', { name: '系统管理' }).click();
  await page.getByRole('menuitem', { name: '参数管理' }).click();
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect(page.getByText('页面暂未开放')).toBeVisible();
  await expect(page.getByText('“参数管理” 页面将在后续版本中提供。')).toBeVisible();
  await expect(page.getByRole('tab', { name: '参数管理' })).toBeVisible();
  await expect(page).toHaveTitle('参数管理 - 云仓储管理平台');
  await expectPageLanguage(page, 'zh', ['ID']);
});

test('tabs: home cannot close, a closed active tab shows the previous one, close all returns home', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/system/param');
  await expect(page.getByRole('tab', { name: '参数管理' })).toBeVisible();
  await page.goto('/system/user');
  await expect(page.getByRole('tab', { name: '用户管理' })).toBeVisible();
  // A tab's close button sits beside its label, in the tab's box.
  const tabBox = (name: string) => page.locator('.ant-tabs-tab', { has: page.getByRole('tab', { name }) });
  await expect(tabBox('参数管理').getByRole('button', { name: 'remove' })).toHaveCount(1);
  await expect(tabBox('首页').getByRole('button', { name: 'remove' })).toHaveCount(0);
  await tabBox('用户管理').getByRole('button', { name: 'remove' }).click();
  await expect(page).toHaveURL(/\/system\/param$/);
  await page.getByRole('button', { name: '标签操作' }).hover();
  await page.getByText('关闭全部').click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByRole('tab')).toHaveCount(1);
});

test('an unknown path inside the product goes to /404; a reload keeps the session and the tabs', async ({ page }) => {
  await signIn(page);
  await page.goto('/system/nothing-here');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/system/param');
  await page.reload();
  await expect(page.getByText('页面暂未开放')).toBeVisible();
  await expect(page.getByRole('tab', { name: '参数管理' })).toBeVisible();
});

test('the language switch translates the menu and the page, and persists across reload', async ({ page }) => {
  await signIn(page);
  await page.goto('/system/param');
  await page.getByText('English').click();
  await expect(page.getByRole('menuitem', { name: 'System' })).toBeVisible();
  await expect(page.getByText('Not available yet')).toBeVisible();
  await page.reload();
  await expect(page.getByText('The “Parameters” page comes in a later release.')).toBeVisible();
  await expectPageLanguage(page, 'en', ['管理员']);
  await page.getByText('中文').click();
  await expect(page.getByText('页面暂未开放')).toBeVisible();
});

test('signing out from the user menu ends the session on the server too', async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string);
  await page.getByRole('button', { name: '管理员' }).hover();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  const after = await page.request.get('/api/blade-auth/oauth/user-info', {
    headers: { 'blade-auth': `bearer ${token}` },
  });
  expect(after.status()).toBe(401);
  await page.goto('/system/param');
  await expect(page).not.toHaveURL(/\/system\/param$/);
});

test('lock: the password is required, every route shows /lock, a wrong password is refused, the right one unlocks', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('button', { name: '锁屏' }).click();
  const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
  await dialog.getByRole('button', { name: /锁\s?屏/ }).click();
  await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
  await dialog.getByLabel('锁屏密码').fill('let-me-in');
  await dialog.getByRole('button', { name: /锁\s?屏/ }).click();
  await expect(page).toHaveURL(/\/lock$/);
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/lock$/);
  await page.getByLabel('锁屏密码').fill('wrong');
  await page.getByRole('button', { name: /解\s?锁/ }).click();
  await expect(page.getByText('解锁密码错误')).toBeVisible();
  await page.getByLabel('锁屏密码').fill('let-me-in');
  await page.getByRole('button', { name: /解\s?锁/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/system\/param$/);
});

test('the token is refreshed when it reaches the token time, and the old refresh token is spent', async ({ page }) => {
  await signIn(page);
  const stored = () =>
    page.evaluate(() => ({
      token: JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string,
      refresh: JSON.parse(localStorage.getItem('saber-refreshToken') ?? '{}').content as string,
    }));
  const before = await stored();
  // A token time of one second for this test: the next check (every 10 s) refreshes.
  await page.evaluate(() =>
    localStorage.setItem('saber-tokenTime', JSON.stringify({ dataType: 'number', content: 1, datetime: Date.now() })),
  );
  await page.reload();
  await expect.poll(async () => (await stored()).token, { timeout: 25_000 }).not.toBe(before.token);
  const after = await stored();
  expect(after.refresh).not.toBe(before.refresh);
  const info = await page.request.get('/api/blade-auth/oauth/user-info', {
    headers: { 'blade-auth': `bearer ${after.token}` },
  });
  expect(info.status()).toBe(200);
  await expect(page.getByText('欢迎，管理员')).toBeVisible();
});
