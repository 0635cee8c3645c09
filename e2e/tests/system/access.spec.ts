import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiAs, pathOf, type TreeNode, tokenOf } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { add, dialog, rowOf, search } from '../../support/crud.ts';
import { signIn, storedToken } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(120_000);

const PASSWORD = 'e2e-user-pass';

/** A page of its own (no shared session) signed in as this account. */
async function signInApart(browser: Browser, account: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, account, PASSWORD);
  return page;
}

/** Whether the sidebar offers an entry under a group (the group opens with an animation). */
async function expectMenuEntry(page: Page, group: string, entry: string) {
  const groupItem = page.getByRole('menuitem', { name: group });
  const entryItem = page.getByRole('menuitem', { name: entry });
  await expect(async () => {
    if (!(await entryItem.isVisible())) await groupItem.click();
    await expect(entryItem).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/** Ticks or unticks one menu in a role's grant dialog and saves, checking that it showed the other state first. */
async function setMenuGrant(page: Page, roleName: string, menu: string, granted: boolean) {
  await page.goto('/authority/role');
  await rowOf(page, roleName).getByRole('button', { name: '权限设置' }).click();
  const grant = dialog(page);
  await expect(grant.getByRole('tab', { name: '菜单权限' })).toHaveAttribute('aria-selected', 'true');
  const node = grant.locator('.ant-tree-treenode').filter({ has: page.getByTitle(menu, { exact: true }) });
  const box = node.locator('.ant-tree-checkbox');
  const checked = /ant-tree-checkbox-checked/;
  await (granted ? expect(box).not.toHaveClass(checked) : expect(box).toHaveClass(checked));
  await box.click();
  await (granted ? expect(box).toHaveClass(checked) : expect(box).not.toHaveClass(checked));
  await grant.getByRole('button', { name: /提\s*交/ }).click();
  await expect(grant).toHaveCount(0);
}

test('a role grant changes what a user of that role sees once they sign in again', async ({ page, browser }) => {
  const n = Date.now().toString(36);
  const roleName = `授权测试${n}`;
  const account = `grant-${n}`;
  await signIn(page);

  // The role and its user, through the screens.
  await page.goto('/authority/role');
  await add(page, { 角色名称: roleName, 角色别名: `grant_${n}` });
  await expect(rowOf(page, roleName)).toBeVisible();
  await page.goto('/system/user');
  await add(page, {
    登录账号: account,
    密码: PASSWORD,
    确认密码: PASSWORD,
    用户昵称: '授权',
    用户姓名: '授权测试',
    所属角色: { choose: roleName },
    所属部门: { choose: '管理组' },
  });
  await expect(rowOf(page, account)).toContainText(roleName);

  // Without grants the user sees no system menu.
  let user = await signInApart(browser, account);
  await expect(user.getByRole('menuitem', { name: '系统管理' })).toHaveCount(0);
  await user.context().close();

  // Granted the posts menu: there it is, and its screen answers.
  await setMenuGrant(page, roleName, '岗位管理', true);
  user = await signInApart(browser, account);
  await expectMenuEntry(user, '系统管理', '岗位管理');
  await expect(user.getByRole('menuitem', { name: '用户管理' })).toHaveCount(0);
  await user.getByRole('menuitem', { name: '岗位管理' }).click();
  await expect(rowOf(user, '首席执行官')).toBeVisible();
  await user.context().close();

  // Revoked: gone at the next sign-in.
  await setMenuGrant(page, roleName, '岗位管理', false);
  user = await signInApart(browser, account);
  await expect(user.getByRole('menuitem', { name: '系统管理' })).toHaveCount(0);
  await expect(user.getByRole('menuitem', { name: '岗位管理' })).toHaveCount(0);
  await user.context().close();
});

test('a user without a button’s permission does not see the button, and the call is refused with 403', async ({
  page,
  browser,
}) => {
  const n = Date.now().toString(36);
  const account = `viewer-${n}`;
  // Set up through the API: a role holding the user screen's view button only, and a user of it.
  const admin = apiAs(page.request, await tokenOf(page.request));
  const role = await admin.post<{ id: string }>('/api/blade-system/role/submit', {
    roleName: `只读${n}`,
    roleAlias: `viewer_${n}`,
    sort: 1,
  });
  const depts = await admin.get<TreeNode[]>('/api/blade-system/dept/tree');
  await admin.post('/api/blade-user/submit', {
    account,
    password: PASSWORD,
    name: '只读',
    realName: '只读用户',
    roleId: role.id,
    deptId: pathOf(depts, ['管理组'])[0]!.id,
  });
  const trees = await admin.get<{ menu: TreeNode[] }>('/api/blade-system/menu/grant-tree');
  const menuIds = pathOf(trees.menu, ['系统管理', '用户管理', '查看']).map((m) => m.id);
  await admin.post('/api/blade-system/role/grant', { roleIds: [role.id], menuIds });

  const user = await signInApart(browser, account);
  await user.goto('/system/user');
  // the tenant holds more users than a page (other tests make theirs): the row is searched for
  await search(user, { 登录账号: account });
  const row = rowOf(user, account);
  await expect(row.getByRole('button', { name: /^查\s*看$/ })).toBeVisible();
  await expect(row.getByRole('button', { name: /^编\s*辑$/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^删\s*除$/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '平台配置' })).toHaveCount(0);
  for (const name of [/^新\s*增$/, /^删\s*除$/, '角色配置', '密码重置', '账号解封']) {
    await expect(user.getByRole('button', { name })).toHaveCount(0);
  }

  // The calls those buttons would make, with the user's own token: refused.
  const token = await storedToken(user);
  const { headers } = apiAs(user.request, token);
  const self = await user.request.get(`/api/blade-user/page?account=${account}`, { headers });
  const userId = ((await self.json()) as { data: { records: { id: string }[] } }).data.records[0]!.id;
  for (const url of [`/api/blade-user/reset-password?userIds=${userId}`, `/api/blade-user/remove?ids=${userId}`]) {
    const res = await user.request.post(url, { headers });
    expect(res.status(), url).toBe(403);
    expect(((await res.json()) as { code: number }).code).toBe(403);
  }
  // ... while the one the view button stands for answers.
  expect((await user.request.get(`/api/blade-user/detail?id=${userId}`, { headers })).status()).toBe(200);
  await user.context().close();
});
