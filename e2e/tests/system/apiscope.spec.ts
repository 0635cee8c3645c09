import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { crudIn, openScopes } from '../../support/crud-in.ts';
import { signIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(90_000);

test("API scopes: a menu's scopes: list, search, add (a bad one refused), edit, view, delete", async ({ page }) => {
  await signIn(page);
  const panel = await openScopes(page, '/authority/apiscope', '岗位管理', '权限配置');
  await expect(panel.locator('.ant-drawer-title')).toHaveText('接口权限 · 岗位管理');
  const scopes = crudIn(page, panel);
  const type = { choose: '系统接口' };
  await scopes.addRefused(
    { 权限名称: '坏地址', 接口地址: 'blade-system/post', 接口类型: type },
    /接口地址须以 \/api\/ 开头/,
  );
  await expect(panel.locator('tr.ant-table-row')).toHaveCount(0);
  await scopes.add({ 权限名称: 'E2E岗位接口', 接口地址: '/api/blade-system/post/', 接口类型: type });
  await scopes.add({ 权限名称: 'E2E用户接口', 接口地址: '/api/blade-user/', 接口类型: type });
  await scopes.search({ 权限名称: 'E2E岗位接口' });
  await expect(panel.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(scopes.rowOf('E2E岗位接口')).toContainText('post');
  await scopes.search({ 权限名称: '' });
  await scopes.edit('E2E岗位接口', { 接口地址: '/api/blade-system/post/list' });
  await scopes.view('E2E岗位接口', '接口地址', '/api/blade-system/post/list');
  await scopes.remove('E2E岗位接口');
  await scopes.remove('E2E用户接口');
});
