import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { crudIn, openScopes } from '../../support/crud-in.ts';
import { signIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(90_000);

test("data scopes: a menu's scopes: list, search, add (a bad one refused), edit, view, delete", async ({ page }) => {
  await signIn(page);
  const panel = await openScopes(page, '/authority/datascope', '岗位管理', '权限配置');
  await expect(panel.locator('.ant-drawer-title')).toHaveText('数据权限 · 岗位管理');
  const scopes = crudIn(page, panel);
  await scopes.addRefused({ 权限名称: '缺少类型', 权限字段: 'Bad-Column' }, '请选择规则类型');
  await expect(panel.locator('tr.ant-table-row')).toHaveCount(0);
  await scopes.add({ 权限名称: 'E2E本人可见', 权限字段: 'create_user', 规则类型: { choose: '本人可见' } });
  // a new scope starts with its menu's code as resource code
  await expect(scopes.rowOf('E2E本人可见')).toContainText('post');
  await scopes.add({ 权限名称: 'E2E全部可见', 规则类型: { choose: '全部可见' } });
  await scopes.search({ 权限名称: 'E2E本人可见' });
  await expect(panel.locator('tr.ant-table-row')).toHaveCount(1);
  await scopes.search({ 权限名称: '' });
  await scopes.edit('E2E本人可见', { 权限名称: 'E2E本人' });
  await scopes.view('E2E本人', '权限字段', 'create_user');
  await scopes.remove('E2E本人');
  await scopes.remove('E2E全部可见');
});
