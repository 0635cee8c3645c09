import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { add, addRefused, edit, remove, rowOf, search, view } from '../../support/crud.ts';
import { openSignedIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);

test('params: list, search, add (an empty value refused), edit, view, delete', async ({ page }) => {
  await openSignedIn(page, '/system/param');
  await expect(rowOf(page, 'account.failCount')).toBeVisible();
  await search(page, { 参数键名: 'account.failCount' });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await addRefused(page, { 参数名称: '测试参数', 参数键名: 'e2e.key' }, '请输入参数键值');
  await add(page, { 参数名称: '测试参数', 参数键名: 'e2e.key', 参数键值: 'first' });
  await search(page, { 参数键名: 'e2e.key' });
  await expect(rowOf(page, 'e2e.key')).toContainText('first');
  await edit(page, 'e2e.key', { 参数键值: 'second' });
  await expect(rowOf(page, 'e2e.key')).toContainText('second');
  await view(page, 'e2e.key', '参数键值', 'second');
  await remove(page, 'e2e.key');
});
