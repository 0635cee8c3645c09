import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { add, CANCEL, closeWith, dialog, edit, remove, rowOf, search, view } from '../../support/crud.ts';
import { openSignedIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);

test('posts: list, search, add (a bad one refused), edit, view, delete', async ({ page }) => {
  await openSignedIn(page, '/system/post');
  await expect(rowOf(page, '首席执行官')).toBeVisible();
  await search(page, { 岗位编号: 'cfo' });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  // the code stops at the server's 12 characters
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  const code = dialog(page).getByLabel('岗位编号', { exact: true });
  await code.fill('way-too-long-code');
  await expect(code).toHaveValue('way-too-long');
  await closeWith(dialog(page), CANCEL);
  await add(page, { 岗位类型: { choose: '基层' }, 岗位编号: 'e2e-post', 岗位名称: '测试岗位', 岗位排序: '9' });
  await search(page, { 岗位编号: 'e2e-post' });
  await expect(rowOf(page, '测试岗位')).toContainText('基层');
  await edit(page, 'e2e-post', { 岗位名称: '测试岗位二' });
  await view(page, 'e2e-post', '岗位名称', '测试岗位二');
  await remove(page, 'e2e-post');
});
