import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../support/chromium.ts';
import { watchCsp } from '../support/csp.ts';
import { main, signInDemo } from '../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);

/** The policy is enforced by the browser: the screens render whole and nothing is blocked. */
test('the web client renders under its Content-Security-Policy with no violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const login = await page.goto('/login');
  expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(login?.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
  await signInDemo(page);
  for (const [path, visible] of [
    ['/warehouse/report', main(page).locator('canvas').first()],
    ['/system/user', main(page).locator('tr.ant-table-row').first()],
    ['/warehouse/materials', main(page).locator('tr.ant-table-row').first()],
  ] as const) {
    await page.goto(path);
    await expect(visible, path).toBeVisible();
    expect(await violations(), path).toEqual([]);
  }
  // antd's CSS-in-JS styles applied: a primary button is coloured, not the browser's grey.
  const button = main(page).locator('.ant-btn-primary').first();
  await expect(button).toBeVisible();
  expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toMatch(/rgba?\(0, 0, 0, 0\)|239, 239/);
});
