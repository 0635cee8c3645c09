import { expect, type Locator, type Page } from '@playwright/test';
import { fill } from './crud.ts';
import { ADMIN_PASSWORD, openSignedIn, signIn } from './session.ts';

/** The demo tenant of the embedded default, which the test server seeds with a living warehouse. */
export const DEMO_TENANT = '888888';

export const signInDemo = (page: Page) => signIn(page, 'admin', ADMIN_PASSWORD, DEMO_TENANT);

/** Opens a screen as the demo tenant's administrator (see openSignedIn). */
export const openDemo = (page: Page, screen: string) =>
  openSignedIn(page, screen, 'admin', ADMIN_PASSWORD, DEMO_TENANT);

/** The main area of the layout, where a screen's list is. */
export const main = (page: Page) => page.getByRole('main');

/** The text of a row's cell under a column header. */
export async function cellText(root: Locator, row: Locator, header: string): Promise<string> {
  await expect(row).toBeVisible();
  const headers = await root.locator('thead th').allTextContents();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return ((await row.locator('td').nth(index).textContent()) ?? '').trim();
}

/** The untreated count on the top bar's bell (0 when it shows none). */
export async function bellCount(page: Page): Promise<number> {
  const badge = page.locator('.ant-badge').filter({ has: page.getByRole('button', { name: /通知|Notices/ }) });
  const count = badge.locator('sup.ant-scroll-number');
  if (!(await count.count())) return 0;
  return Number(await count.getAttribute('title'));
}

/** Polls the bell until it shows the count. */
export const expectBell = (page: Page, count: number) => expect.poll(() => bellCount(page)).toBe(count);

/** The total a list's pager shows (`共 N 条` / `N records`). */
export async function listTotal(root: Locator): Promise<number> {
  const text = (await root.locator('.ant-pagination-total-text').textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? 0);
}

/** The quantity the stock screen shows for a material at a device. */
export async function stockOf(page: Page, device: string, code: string): Promise<number> {
  await page.goto('/warehouse/materials');
  const bar = main(page).locator('form#crud-search');
  await fill(page, bar, { 设备: { choose: device }, 物资编号: code });
  await bar.getByRole('button', { name: /搜\s*索/ }).click();
  const rows = main(page).locator('tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(device);
  return Number(await cellText(main(page), rows.first(), '数量'));
}
