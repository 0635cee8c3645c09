import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { add, confirmRemove, dialog, edit, fill, remove, rowOf, search, view } from '../../support/crud.ts';
import { openSignedIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(90_000);

test('depts: a lazy tree; add a top one, add a child from its row, search, edit, view, delete', async ({ page }) => {
  const n = Date.now().toString(36);
  const top = `总部${n}`;
  const child = `分部${n}`;
  await openSignedIn(page, '/system/dept');
  await expect(rowOf(page, '管理组')).toBeVisible();
  await add(page, { 机构名称: top, 机构全称: `${top}全称`, 机构类型: { choose: '公司' } });
  await expect(rowOf(page, top)).toContainText('公司');

  // A child from the row: the dialog starts under it.
  await rowOf(page, top).getByRole('button', { name: '新增子项' }).click();
  await fill(page, dialog(page), { 机构名称: child, 机构类型: { choose: '部门' } });
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await expect(dialog(page)).toHaveCount(0);
  // Read level by level: the child shows once its parent opens.
  await expect(rowOf(page, child)).toHaveCount(0);
  await rowOf(page, top).locator('.ant-table-row-expand-icon').click();
  await expect(rowOf(page, child)).toContainText('部门');

  // A search looks through the whole tree.
  await search(page, { 机构名称: child });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(rowOf(page, child)).toBeVisible();
  await edit(page, child, { 机构全称: `${child}全称` });
  await view(page, child, '机构全称', `${child}全称`);
  await page.getByRole('button', { name: /清\s*空/ }).click();

  // A dept with children is kept; without them it goes.
  await confirmRemove(page, top);
  await expect(page.getByText(`请先删除子部门: ${top}`)).toBeVisible();
  await expect(rowOf(page, top)).toBeVisible();
  await rowOf(page, top).locator('.ant-table-row-expand-icon').click();
  await remove(page, child);
  await remove(page, top);
});
