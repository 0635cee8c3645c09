import { expect, type Page, test } from '@playwright/test';
import { apiAs, pathOf, type TreeNode, tokenOf } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import {
  add,
  CANCEL,
  closeWith,
  confirmRemove,
  dialog,
  edit,
  remove,
  rowOf,
  search,
  view,
} from '../../support/crud.ts';
import { openSignedIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(120_000);

/** The grant dialog's node of a title, on the open tab. */
const grantNode = (page: Page, title: string) =>
  dialog(page)
    .getByRole('tabpanel')
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTitle(title, { exact: true }) });

test('roles: a tree; add, add under a parent, search, edit, view; a parent with children is kept; delete', async ({
  page,
}) => {
  const n = Date.now().toString(36);
  const parent = `上级角色${n}`;
  const child = `下级角色${n}`;
  await openSignedIn(page, '/authority/role');
  await expect(rowOf(page, '管理员').first()).toBeVisible();
  await add(page, { 角色名称: parent, 角色别名: `parent_${n}`, 角色排序: '7' });
  await add(page, { 角色名称: child, 角色别名: `child_${n}`, 上级角色: { choose: parent } });
  // The child sits under its parent.
  await expect(rowOf(page, child)).toHaveCount(0);
  await rowOf(page, parent).locator('.ant-table-row-expand-icon').click();
  await expect(rowOf(page, child)).toContainText(`child_${n}`);

  await search(page, { 角色别名: `parent_${n}` });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await edit(page, parent, { 角色排序: '8' });
  await view(page, parent, '角色排序', '8');
  await page.getByRole('button', { name: /清\s*空/ }).click();

  await confirmRemove(page, parent);
  await expect(page.getByText(`请先删除子角色: ${child}`)).toBeVisible();
  // still open from before the search
  await expect(rowOf(page, child)).toBeVisible();
  await remove(page, child);
  await remove(page, parent);
});

test('roles: the grant dialog saves menus, data scopes and API scopes, and shows them again', async ({ page }) => {
  const n = Date.now().toString(36);
  const roleName = `授权角色${n}`;
  const admin = apiAs(page.request, await tokenOf(page.request));
  const menus = (await admin.get<{ menu: TreeNode[] }>('/api/blade-system/menu/grant-tree')).menu;
  const [system, post] = pathOf(menus, ['系统管理', '岗位管理']);
  const scope = { menuId: post!.id, resourceCode: 'post' };
  await admin.post('/api/blade-system/data-scope/submit', { ...scope, scopeName: `本人岗位${n}`, scopeType: 2 });
  await admin.post('/api/blade-system/api-scope/submit', {
    ...scope,
    scopeName: `岗位接口${n}`,
    scopePath: '/api/blade-system/post',
    scopeType: 1,
  });

  await openSignedIn(page, '/authority/role');
  await add(page, { 角色名称: roleName, 角色别名: `granted_${n}` });

  const open = async () => {
    await rowOf(page, roleName).getByRole('button', { name: '权限设置' }).click();
    await expect(dialog(page).getByRole('tab', { name: '菜单权限' })).toHaveAttribute('aria-selected', 'true');
  };
  const tab = (name: string) => dialog(page).getByRole('tab', { name }).click();
  const checked = /ant-tree-treenode-checkbox-checked/;

  await open();
  await grantNode(page, '岗位管理').locator('.ant-tree-checkbox').click();
  await tab('数据权限');
  await grantNode(page, '岗位管理').locator('.ant-tree-switcher').click();
  await grantNode(page, `本人岗位${n}`).locator('.ant-tree-checkbox').click();
  await tab('接口权限');
  await grantNode(page, '岗位管理').locator('.ant-tree-switcher').click();
  await grantNode(page, `岗位接口${n}`).locator('.ant-tree-checkbox').click();
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await expect(dialog(page)).toHaveCount(0);

  // Saved: the posts menu with the menu above it and its buttons, and just the two scopes.
  const roles = await admin.get<TreeNode[]>('/api/blade-system/role/list');
  const role = roles.find((r) => r.title === roleName)!;
  const keys = await admin.get<{ menu: string[]; dataScope: string[]; apiScope: string[] }>(
    `/api/blade-system/menu/role-tree-keys?roleIds=${role.id}`,
  );
  expect(keys.menu).toEqual(expect.arrayContaining([system!.id, post!.id, ...post!.children!.map((b) => b.id)]));
  expect(keys.menu).toHaveLength(2 + post!.children!.length);
  expect(keys.dataScope).toHaveLength(1);
  expect(keys.apiScope).toHaveLength(1);

  // Shown again as saved: the posts menu whole, its parent half, nothing else.
  await open();
  await expect(grantNode(page, '岗位管理')).toHaveClass(checked);
  await expect(grantNode(page, '系统管理')).not.toHaveClass(checked);
  await expect(grantNode(page, '系统管理').locator('.ant-tree-checkbox-indeterminate')).toHaveCount(1);
  await expect(grantNode(page, '用户管理')).not.toHaveClass(checked);
  await tab('数据权限');
  await grantNode(page, '岗位管理').locator('.ant-tree-switcher').click();
  await expect(grantNode(page, `本人岗位${n}`)).toHaveClass(checked);
  await closeWith(dialog(page), CANCEL);
});
