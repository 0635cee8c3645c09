import { expect, type Page, test } from '@playwright/test';
import { apiAs, pathOf, type TreeNode, tokenOf } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { expectPageLanguage } from '../../support/language.ts';
import { openSignedIn, signIn } from '../../support/session.ts';
import { seriousViolations } from '../../support/sweep.ts';
import { main } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);

/** A figure's number as the card shows it. */
async function figure(page: Page, title: string): Promise<number> {
  const card = main(page).locator('.ant-statistic').filter({ hasText: title }).first();
  await expect(card).toBeVisible();
  return Number(((await card.locator('.ant-statistic-content').textContent()) ?? '').replace(/[^\d.]/g, ''));
}

test("the dashboard shows the tenant's real figures, which follow what is done", async ({ page }) => {
  test.setTimeout(60_000);
  await openSignedIn(page, '/wel/dashboard');
  const users = await figure(page, '用户总数');
  const changes = await figure(page, '今日接口调用（变更）');
  expect(users).toBeGreaterThanOrEqual(1);
  // the admin has just signed in
  expect(await figure(page, '近7天登录用户')).toBeGreaterThanOrEqual(1);
  await expect(main(page).getByRole('img', { name: '每日接口调用与错误柱状图' }).locator('canvas')).toHaveCount(1);
  await expect(main(page).getByText('仓储关键指标')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const n = Date.now().toString(36);
  const admin = apiAs(page.request, await tokenOf(page.request));
  const role = await admin.post<{ id: string }>('/api/blade-system/role/submit', {
    roleName: `看板${n}`,
    roleAlias: `dash_${n}`,
    sort: 1,
  });
  const depts = await admin.get<TreeNode[]>('/api/blade-system/dept/tree');
  await admin.post('/api/blade-user/submit', {
    account: `dash-${n}`,
    password: 'e2e-user-pass',
    name: '看板',
    realName: '看板测试',
    roleId: role.id,
    deptId: pathOf(depts, ['管理组'])[0]!.id,
  });
  await page.reload();
  await expect.poll(() => figure(page, '用户总数')).toBe(users + 1);
  // the new user's submit is a change in the api log (the token above was a sign-in, one more)
  expect(await figure(page, '今日接口调用（变更）')).toBeGreaterThanOrEqual(changes + 1);
});

test('the dashboard in English', async ({ page }) => {
  await signIn(page);
  await page.getByText('English').click();
  await page.goto('/wel/dashboard');
  await expect(main(page).getByText('Signed in, last 7 days')).toBeVisible();
  await expect(main(page).getByText('Warehouse key figures')).toBeVisible();
  await expect(main(page).getByRole('img', { name: 'Bar chart of API changes and errors per day' })).toBeVisible();
  await expectPageLanguage(page, 'en');
  expect(await seriousViolations(page)).toEqual([]);
});
