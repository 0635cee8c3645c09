import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { CANCEL, closeWith } from '../../support/crud.ts';
import { crudIn } from '../../support/crud-in.ts';
import { expectPageLanguage } from '../../support/language.ts';
import { openSignedIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(90_000);

test('top menus: list, search, add (a bad one refused), edit, view, menu grant, delete; in English too', async ({
  page,
}) => {
  await openSignedIn(page, '/system/topmenu');
  const main = page.getByRole('main');
  const tops = crudIn(page, main);
  await expect(main.getByRole('button', { name: /新\s*增/ })).toBeVisible({ timeout: 15_000 });
  await tops.addRefused({ 菜单名称: 'No code' }, '请输入菜单编号');
  await expect(main.locator('tr.ant-table-row')).toHaveCount(0);
  await tops.add({ 菜单名称: 'Warehouse', 菜单编号: 'e2e_top', 菜单排序: '1' });
  await tops.add({ 菜单名称: 'Platform', 菜单编号: 'e2e_platform', 菜单排序: '2' });
  await tops.search({ 菜单编号: 'e2e_top' });
  await expect(main.locator('tr.ant-table-row')).toHaveCount(1);
  await tops.search({ 菜单编号: '' });
  await tops.edit('e2e_top', { 菜单名称: 'Warehouse desk' });
  await tops.view('e2e_top', '菜单名称', 'Warehouse desk');

  // the menu grant acts on the selected top menus
  const grant = main.getByRole('button', { name: '菜单配置' });
  await grant.click();
  await expect(page.getByText('请选择至少一条数据')).toBeVisible();
  await tops.rowOf('e2e_top').getByRole('checkbox').check();
  await grant.click();
  const dialog = page.getByRole('dialog', { name: '顶部菜单配置' });
  const desk = dialog.locator('.ant-tree-treenode').filter({ hasText: /^工作台$/ });
  await desk.locator('.ant-tree-checkbox').click();
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(dialog).toHaveCount(0);
  await grant.click();
  await expect(desk).toHaveClass(/ant-tree-treenode-checkbox-checked/);
  await closeWith(dialog, CANCEL);

  // the Chinese toast of the grant has gone before the language changes
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await page.getByText('English').click();
  await expect(main.getByRole('button', { name: 'Menus' })).toBeVisible();
  // the administrator's name is data
  await expectPageLanguage(page, 'en');
  await tops.remove('e2e_platform');
  await tops.remove('e2e_top');
});
