import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { crudIn } from '../../support/crud-in.ts';
import { openSignedIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);
// a long walk through one screen on a shared machine
test.setTimeout(90_000);

test('menus: lazy list, search, add (a bad one refused), add a child, edit, view, delete', async ({ page }) => {
  await openSignedIn(page, '/system/menu');
  const menus = crudIn(page, page.getByRole('main'));
  await expect(menus.rowOf('系统管理')).toBeVisible({ timeout: 15_000 });
  await expect(menus.rowOf('顶部菜单')).toHaveCount(0);
  await menus.expand('系统管理');
  await expect(menus.rowOf('顶部菜单')).toBeVisible();

  // a search looks through every level
  await menus.search({ 菜单编号: 'topmenu_setting' });
  await expect(page.locator('main tr.ant-table-row')).toHaveCount(1);
  await expect(menus.rowOf('菜单配置')).toBeVisible();
  await menus.search({ 菜单编号: '' });

  await menus.addRefused({ 菜单名称: '没有编号' }, '请输入菜单编号');
  await menus.add({ 菜单名称: 'E2E菜单', 菜单编号: 'e2e_parent', 路由地址: '/e2e' });
  await menus.add({ 菜单名称: 'E2E子菜单', 菜单编号: 'e2e_child' }, { row: 'E2E菜单', action: '新增子项' });
  await menus.expand('E2E菜单');
  await expect(menus.rowOf('E2E子菜单')).toContainText('e2e_child');
  await menus.edit('E2E子菜单', { 菜单名称: 'E2E子菜单二' });
  await menus.view('E2E子菜单二', '菜单名称', 'E2E子菜单二');
  await menus.remove('E2E子菜单二');
  await menus.remove('E2E菜单');

  // each menu opens its data scopes and its API scopes
  await menus.rowOf('系统管理').getByRole('button', { name: '数据权限' }).click();
  await expect(page.locator('.ant-drawer-title')).toHaveText('数据权限 · 系统管理');
});
