import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { addRefused, dialog, edit, fill, remove, rowOf, search, view } from '../../support/crud.ts';
import { expectPageLanguage } from '../../support/language.ts';
import { openSignedIn, signIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);

test('clients: a drawn secret is shown once; search, a short secret refused, edit, view, delete', async ({ page }) => {
  await openSignedIn(page, '/system/client');
  await expect(rowOf(page, 'sword')).toBeVisible();
  await search(page, { 客户端ID: 'saber' });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await addRefused(page, { 客户端ID: 'e2e-client', 客户端密钥: 'short' }, '客户端密钥长度须为 8 到 128 位');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await fill(page, dialog(page), { 客户端ID: 'e2e-client' });
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  const secretDialog = page.getByRole('dialog', { name: '客户端 e2e-client 的密钥' });
  await expect(secretDialog.locator('code')).toHaveText(/^\S{8,}$/);
  await secretDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog(page)).toHaveCount(0);
  await search(page, { 客户端ID: 'e2e-client' });
  await edit(page, 'e2e-client', { 令牌秒数: '1800' });
  // an edit without a new secret answers none: nothing to show
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rowOf(page, 'e2e-client')).toContainText('1800');
  await view(page, 'e2e-client', '令牌秒数', '1800');
  await remove(page, 'e2e-client');
});

test('the client screen in English', async ({ page }) => {
  await signIn(page);
  await page.getByText('English').click();
  await page.goto('/system/client');
  await expect(page.getByRole('columnheader', { name: 'Grant types' })).toBeVisible();
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(dialog(page).getByLabel('Client secret')).toBeVisible();
  await expectPageLanguage(page, 'en');
});
