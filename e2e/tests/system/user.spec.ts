import { expect, test } from '@playwright/test';
import { apiAs, pathOf, signInAnswer, type TreeNode, tokenOf } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import {
  add,
  addRefused,
  CANCEL,
  closeWith,
  confirmDialog,
  dialog,
  edit,
  fill,
  remove,
  rowOf,
  search,
  view,
} from '../../support/crud.ts';
import { openSignedIn } from '../../support/session.ts';
import { seriousViolations } from '../../support/sweep.ts';
import { DEMO_TENANT, openDemo } from '../../support/warehouse.ts';
import { downloadedRows, workbookFile } from '../../support/xlsx.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(120_000);

test('users: add (mismatching passwords refused), the dept tree filters, search, edit, view, delete', async ({
  page,
}) => {
  const n = Date.now().toString(36);
  const account = `user-${n}`;
  const deptName = `用户测试部${n}`;
  const admin = apiAs(page.request, await tokenOf(page.request));
  const root = pathOf(await admin.get<TreeNode[]>('/api/blade-system/dept/tree'), ['管理组'])[0]!;
  await admin.post('/api/blade-system/dept/submit', { parentId: root.id, deptName, deptCategory: 2, sort: 9 });

  await openSignedIn(page, '/system/user');
  await expect(rowOf(page, 'admin')).toBeVisible();
  await addRefused(
    page,
    { 登录账号: account, 密码: 'pass-one', 确认密码: 'pass-two', 用户昵称: 'x', 用户姓名: 'x' },
    '两次密码输入不一致',
  );
  await add(page, {
    登录账号: account,
    密码: 'pass-one',
    确认密码: 'pass-one',
    用户昵称: '测试',
    用户姓名: '测试用户',
    所属角色: { choose: '管理员' },
    所属部门: { choose: deptName },
    所属岗位: { choose: '首席执行官' },
    手机号码: '13800000000',
  });
  // The tenant holds more users than a page (other tests make theirs): the new one is searched for.
  await search(page, { 登录账号: account });
  await expect(rowOf(page, account)).toContainText(deptName);
  await search(page, { 登录账号: '' });

  // The dept tree: the new dept holds the new user only; its parent holds both; choosing again shows all.
  const tree = page.locator('.ant-tree');
  await tree.getByTitle(deptName, { exact: true }).click();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(rowOf(page, account)).toBeVisible();
  await tree.getByTitle('管理组', { exact: true }).click();
  await expect(rowOf(page, 'admin')).toBeVisible();
  await search(page, { 登录账号: account });
  await expect(rowOf(page, account)).toBeVisible();
  await tree.getByTitle('管理组', { exact: true }).click();

  await search(page, { 用户姓名: '测试用户' });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await search(page, { 用户姓名: '', 登录账号: account });
  await edit(page, account, { 用户姓名: '改名用户' });
  await expect(rowOf(page, account)).toContainText('改名用户');
  await view(page, account, '手机号码', '13800000000');
  await remove(page, account);
});

test('users: role config, password reset, platform settings and unlock', async ({ page }) => {
  const n = Date.now().toString(36);
  const account = `acts-${n}`;
  const admin = apiAs(page.request, await tokenOf(page.request));
  const roleName = `配置角色${n}`;
  await admin.post('/api/blade-system/role/submit', { roleName, roleAlias: `acts_${n}`, sort: 3 });
  const roles = await admin.get<TreeNode[]>('/api/blade-system/role/tree');
  const depts = await admin.get<TreeNode[]>('/api/blade-system/dept/tree');
  await admin.post('/api/blade-user/submit', {
    account,
    password: 'first-pass',
    name: 'acts',
    realName: '操作用户',
    roleId: pathOf(roles, ['管理员'])[0]!.id,
    deptId: pathOf(depts, ['管理组'])[0]!.id,
  });

  await openSignedIn(page, '/system/user');
  const row = rowOf(page, account);
  await row.getByRole('checkbox').check();

  // Roles: the dialog starts from the user's own, and a parent role does not take in others.
  await page.getByRole('button', { name: '角色配置' }).click();
  const roleTree = dialog(page).locator('.ant-tree');
  await expect(roleTree.locator('.ant-tree-treenode-checkbox-checked')).toHaveText(['管理员']);
  await roleTree.getByTitle(roleName, { exact: true }).click();
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(row).toContainText(`管理员,${roleName}`);

  // Reset: the initial password signs in, the old one no longer does.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '密码重置' }).click();
  await confirmDialog(page);
  await expect(page.getByText('操作成功').last()).toBeVisible();
  await tokenOf(page.request, account, '123456');

  // Platform: the type shows in the list, the extension comes back for that type.
  await row.getByRole('button', { name: '平台配置' }).click();
  // chosen through the shared helper, which clicks the option where it is (a pointer click on it was lost once)
  await fill(page, dialog(page), { 用户平台: { choose: 'APP' } });
  await dialog(page).getByLabel('用户拓展').fill('{"device":"e2e"}');
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(row).toContainText('APP');
  await row.getByRole('button', { name: '平台配置' }).click();
  await expect(dialog(page).getByLabel('用户拓展')).toHaveValue('{"device":"e2e"}');
  await closeWith(dialog(page), CANCEL);

  // Unlock: an account locked by too many failures signs in again after it.
  for (let i = 0; i < 5; i++) expect((await signInAnswer(page.request, account, 'wrong')).status()).toBe(400);
  expect((await signInAnswer(page.request, account, '123456')).status()).toBe(400);
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '账号解封' }).click();
  await confirmDialog(page);
  await expect(page.getByText('操作成功').last()).toBeVisible();
  await tokenOf(page.request, account, '123456');
});

test('a registered guest is told they await approval, and the administrator sees and approves them', async ({
  page,
}) => {
  // Guests register only in a tenant that opened registration (never the platform tenant): the demo one here.
  const admin = apiAs(page.request, await tokenOf(page.request));
  const demo = await admin.get<{ records: { id: string }[] }>(`/api/blade-system/tenant/page?tenantId=${DEMO_TENANT}`);
  await admin.post('/api/blade-system/tenant/submit', { id: demo.records[0]!.id, guestRegistration: 1 });
  const account = `guest-${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/blade-user/register-guest', {
    data: { tenantId: DEMO_TENANT, name: 'E2E 访客', account, password: 'guest-pass' },
  });
  expect(registered.ok()).toBe(true);
  const closed = await page.request.post('/api/blade-user/register-guest', {
    data: { tenantId: '000000', name: 'E2E 访客', account, password: 'guest-pass' },
  });
  expect(closed.status()).toBe(400);
  await page.goto('/login');
  await page.getByLabel('租户ID').fill(DEMO_TENANT);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill('guest-pass');
  await page.getByRole('button', { name: '登 录' }).click();
  // a sign-in's checks (argon2) can take seconds on a busy machine
  await expect(page.getByText('该账号正在等待管理员审核,审核通过后即可登录')).toBeVisible({ timeout: 15_000 });

  await openDemo(page, '/system/user');
  await search(page, { 登录账号: account });
  await expect(rowOf(page, account)).toContainText('待审核');
  await rowOf(page, account).getByRole('button', { name: '审核通过' }).click();
  await confirmDialog(page);
  await expect(rowOf(page, account)).toContainText('正常');
  await expect(rowOf(page, account).getByRole('button', { name: '审核通过' })).toHaveCount(0);
});

test('users: export what the list filters select; import with the template, refused rows listed, then added', async ({
  page,
}) => {
  const n = Date.now().toString(36);
  const account = `imp-${n}`;
  const header = ['账户', '昵称', '姓名', '角色名称', '部门名称', '岗位名称', '手机'];
  await openSignedIn(page, '/system/user');
  await expect(rowOf(page, 'admin')).toBeVisible({ timeout: 15_000 });

  await search(page, { 登录账号: 'admin' });
  const exported = page.waitForEvent('download');
  await page
    .getByRole('main')
    .getByRole('button', { name: /^导\s*出$/ })
    .click();
  const download = await exported;
  expect(download.suggestedFilename()).toBe('users.xlsx');
  const sheet = await downloadedRows(download);
  expect(sheet[0]).toEqual([
    '租户编号',
    '用户平台',
    '账户',
    '昵称',
    '姓名',
    '邮箱',
    '手机',
    '角色名称',
    '部门名称',
    '岗位名称',
    '生日',
  ]);
  expect(sheet.slice(1).map((r) => r[2])).toContain('admin');
  await search(page, { 登录账号: '' });

  await page
    .getByRole('main')
    .getByRole('button', { name: /^导\s*入$/ })
    .click();
  const importer = page.getByRole('dialog', { name: '数据导入' });
  const template = page.waitForEvent('download');
  await importer.getByRole('button', { name: '下载模板' }).click();
  const templateRows = await downloadedRows(await template);
  expect(templateRows).toHaveLength(1);
  expect(templateRows[0]).toContain('密码');

  const bad = await workbookFile('bad.xlsx', [
    header,
    [account, '导入', '导入用户', '管理员', '管理组', '首席执行官', ''],
    [`${account}-2`, '导入', '导入用户', '没有的角色', '管理组', '', '123'],
  ]);
  await importer.locator('input[type=file]').setInputFiles(bad);
  await importer.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(importer.getByText('导入未完成, 没有写入任何数据')).toBeVisible();
  await expect(importer.getByText('第 3 行: 角色名称: 角色 没有的角色 不存在')).toBeVisible();
  await expect(importer.getByText('第 3 行: 手机号码长度不为11位')).toBeVisible();
  expect(await seriousViolations(page, '.ant-modal'), 'axe (import dialog)').toEqual([]);

  const good = await workbookFile('good.xlsx', [
    header,
    [account, '导入', '导入用户', '管理员', '管理组', '首席执行官', ''],
  ]);
  await importer.locator('input[type=file]').setInputFiles(good);
  await importer.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(page.getByText('导入完成: 新增 1 条, 更新 0 条, 跳过 0 条')).toBeVisible();
  await expect(importer).toHaveCount(0);
  await search(page, { 登录账号: account });
  await expect(rowOf(page, account)).toContainText('管理组');
  // the initial password (the account.initPassword parameter) signs the imported user in
  await tokenOf(page.request, account, '123456');
  expect(await seriousViolations(page, 'main'), 'axe').toEqual([]);
  await remove(page, account);
});
