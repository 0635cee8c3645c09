import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs, tokenOf } from '../support/api.ts';
import { hasChromium, SKIP_LINE } from '../support/chromium.ts';
import { expectPageLanguage } from '../support/language.ts';
import { CHOICE_TIMEOUT, chooseEntry, chooseUserMenuEntry } from '../support/menus.ts';
import { openSignedIn, storedToken } from '../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('e2e-admin-password');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
}

/** Chooses an entry of the tab actions menu, which opens on hover (see chooseEntry). */
async function chooseTabAction(page: Page, buttonName: string, entryName: string, done?: () => Promise<void>) {
  const entry = page.getByRole('menuitem', { name: entryName, exact: true });
  await chooseEntry(() => page.getByRole('button', { name: buttonName }).hover(), entry, done);
}

/** Chooses an entry of a sidebar group; the submenu opens with an animation, so it is opened (again) until it can. */
async function openMenuEntry(page: Page, groupName: string, entryName: string, url: RegExp) {
  const group = page.getByRole('menuitem', { name: groupName });
  const entry = page.getByRole('menuitem', { name: entryName });
  await expect(async () => {
    if (!(await entry.isVisible())) await group.click();
    await entry.click({ timeout: CHOICE_TIMEOUT });
    await expect(page).toHaveURL(url, { timeout: CHOICE_TIMEOUT });
  }).toPass({ timeout: 15_000 });
}

/**
 * Every menu of the seed has its screen now: a menu an administrator adds with a path the client has no
 * screen for (here, made for the test and removed after it) is what shows "not available".
 */
// A top-level entry without children opens at its path's `/index` (as BladeX's menus do).
const PLACEHOLDER = { name: '盘点计划', path: '/e2e/placeholder', route: '/e2e/placeholder/index' };

const PLACEHOLDER_MENU = { code: 'e2e_placeholder', name: PLACEHOLDER.name, path: PLACEHOLDER.path, sort: 998 };

/** The menus a test added, removed after it whatever happened (a hook has a time of its own). */
const addedMenus: string[] = [];
test.afterEach(async ({ request }) => {
  if (!addedMenus.length) return;
  const admin = apiAs(request, await tokenOf(request));
  for (const id of addedMenus.splice(0)) await admin.post(`/api/blade-system/menu/remove?ids=${id}`);
});

/** Adds a top-level menu entry (open mode 1 unless given), as an administrator would, for this test only. */
async function addMenu(request: APIRequestContext, menu: Record<string, unknown>) {
  const admin = apiAs(request, await tokenOf(request));
  const { id } = await admin.post<{ id: string }>('/api/blade-system/menu/submit', { category: 1, isOpen: 1, ...menu });
  addedMenus.push(id);
}

test('the layout shows the caller’s menu; a menu page not built yet says so inside the layout, with its tab', async ({
  page,
  request,
}) => {
  await addMenu(request, PLACEHOLDER_MENU);
  await signIn(page);
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  await page.getByRole('menuitem', { name: PLACEHOLDER.name }).click();
  await expect(page).toHaveURL(/\/e2e\/placeholder\/index$/);
  await expect(page.getByText('页面暂未开放')).toBeVisible();
  await expect(page.getByText(`“${PLACEHOLDER.name}” 页面将在后续版本中提供。`)).toBeVisible();
  await expect(page.getByRole('tab', { name: PLACEHOLDER.name })).toBeVisible();
  await expect(page).toHaveTitle(`${PLACEHOLDER.name} - 云仓储管理平台`);
  await expectPageLanguage(page, 'zh', ['ID']);
});

test('tabs: home cannot close, a closed active tab shows the previous one, close all returns home', async ({
  page,
}) => {
  await openSignedIn(page, '/system/param');
  await expect(page.getByRole('tab', { name: '参数管理' })).toBeVisible();
  await page.goto('/system/user');
  await expect(page.getByRole('tab', { name: '用户管理' })).toBeVisible();
  // A tab's close button sits beside its label, in the tab's box.
  const tabBox = (name: string) => page.locator('.ant-tabs-tab', { has: page.getByRole('tab', { name }) });
  // the close button is for the mouse (hidden from assistive technology: Delete closes a focused tab)
  await expect(tabBox('参数管理').locator('.ant-tabs-tab-remove')).toHaveCount(1);
  await expect(tabBox('首页').locator('.ant-tabs-tab-remove')).toHaveCount(0);
  await tabBox('用户管理').locator('.ant-tabs-tab-remove').click();
  await expect(page).toHaveURL(/\/system\/param$/);
  await chooseTabAction(page, '标签操作', '关闭全部');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByRole('tab')).toHaveCount(1);
});

test('an unknown path inside the product goes to /404; a reload keeps the session and the tabs', async ({
  page,
  request,
}) => {
  await addMenu(request, PLACEHOLDER_MENU);
  await openSignedIn(page, '/system/nothing-here');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto(PLACEHOLDER.route);
  await page.reload();
  await expect(page.getByText('页面暂未开放')).toBeVisible();
  await expect(page.getByRole('tab', { name: PLACEHOLDER.name })).toBeVisible();
});

test('the language switch translates the menu and the page, and persists across reload', async ({ page, request }) => {
  await addMenu(request, PLACEHOLDER_MENU);
  await openSignedIn(page, PLACEHOLDER.route);
  await page.getByText('English').click();
  await expect(page.getByRole('menuitem', { name: 'System' })).toBeVisible();
  await expect(page.getByText('Not available yet')).toBeVisible();
  await page.reload();
  // the menu's name is what the administrator typed: data, in no particular language
  await expect(page.getByText(`The “${PLACEHOLDER.name}” page comes in a later release.`)).toBeVisible();
  await expectPageLanguage(page, 'en', [PLACEHOLDER.name]);
  await page.getByText('中文').click();
  await expect(page.getByText('页面暂未开放')).toBeVisible();
});

test('signing out from the user menu ends the session on the server too', async ({ page }) => {
  await signIn(page);
  const token = await storedToken(page);
  const ok = page.getByRole('button', { name: /确\s?定|OK/ });
  await chooseUserMenuEntry(page, '退出登录', () => expect(ok).toBeVisible({ timeout: CHOICE_TIMEOUT }));
  await ok.click();
  await expect(page).toHaveURL(/\/login$/);
  const after = await page.request.get('/api/blade-auth/oauth/user-info', {
    headers: { 'blade-auth': `bearer ${token}` },
  });
  expect(after.status()).toBe(401);
  await page.goto('/system/param');
  await expect(page).not.toHaveURL(/\/system\/param$/);
});

test('lock: the password is required, every route shows /lock, a wrong password is refused, the right one unlocks', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('button', { name: '锁屏' }).click();
  const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
  await dialog.getByRole('button', { name: /锁\s?屏/ }).click();
  await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
  await dialog.getByLabel('锁屏密码').fill('let-me-in');
  await dialog.getByRole('button', { name: /锁\s?屏/ }).click();
  await expect(page).toHaveURL(/\/lock$/);
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/lock$/);
  await page.getByLabel('锁屏密码').fill('wrong');
  await page.getByRole('button', { name: /解\s?锁/ }).click();
  await expect(page.getByText('解锁密码错误')).toBeVisible();
  await page.getByLabel('锁屏密码').fill('let-me-in');
  await page.getByRole('button', { name: /解\s?锁/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/system\/param$/);
});

test('the token is refreshed when it reaches the token time, and the old refresh token is spent', async ({ page }) => {
  await signIn(page);
  const stored = () =>
    page.evaluate(() => ({
      token: JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string,
      refresh: JSON.parse(localStorage.getItem('saber-refreshToken') ?? '{}').content as string,
    }));
  const before = await stored();
  // A token time of one second for this test: the next check (every 10 s) refreshes.
  await page.evaluate(() =>
    localStorage.setItem('saber-tokenTime', JSON.stringify({ dataType: 'number', content: 1, datetime: Date.now() })),
  );
  await page.reload();
  await expect.poll(async () => (await stored()).token, { timeout: 25_000 }).not.toBe(before.token);
  const after = await stored();
  expect(after.refresh).not.toBe(before.refresh);
  const info = await page.request.get('/api/blade-auth/oauth/user-info', {
    headers: { 'blade-auth': `bearer ${after.token}` },
  });
  expect(info.status()).toBe(200);
  await expect(page.getByText('欢迎，管理员')).toBeVisible();
});

test('the theme and colour persist across reload, and the dark theme is dark', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: '主题', exact: true }).click();
  await page.getByText('黑色主题').click();
  await page.keyboard.press('Escape');
  await expect(page.locator('body')).toHaveClass('theme-dark');
  await page.reload();
  await expect(page.locator('body')).toHaveClass('theme-dark');
  const header = page.locator('.ant-layout-header');
  await expect(header).toHaveCSS('background-color', 'rgb(31, 31, 31)');
  await page.getByRole('button', { name: '主题', exact: true }).click();
  await page.getByText('白色主题').click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-layout-sider')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});

test('menu search: the top box finds by case-insensitive prefix and Enter opens; the overlay closes with Esc', async ({
  page,
}) => {
  await signIn(page);
  const box = page.getByRole('combobox', { name: '搜索菜单' });
  await box.fill('参数');
  await expect(page.getByRole('option', { name: '参数管理' })).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/system\/param$/);

  await page.getByText('English').click();
  const overlay = page.getByRole('dialog', { name: 'Search the menu' });
  const overlayOpen = () => expect(overlay).toBeVisible({ timeout: CHOICE_TIMEOUT });
  await chooseTabAction(page, 'Tab actions', 'Search the menu', overlayOpen);
  await overlay.getByRole('textbox').fill('USE');
  await expect(overlay.getByText('Users')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await chooseTabAction(page, 'Tab actions', 'Search the menu', overlayOpen);
  await overlay.getByRole('textbox').fill('use');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/system\/user$/);
});

test('screenshots of the layout in both languages and in the default and dark themes', async ({ page }, testInfo) => {
  await openSignedIn(page, '/system/post');
  await expect(page.getByRole('columnheader', { name: '岗位编号' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('layout-zh-default.png') });
  await page.getByText('English').click();
  await expect(page.getByRole('columnheader', { name: 'Post code' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('layout-en-default.png') });
  await page.getByRole('button', { name: 'Theme', exact: true }).click();
  await page.getByText('Dark', { exact: true }).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: testInfo.outputPath('layout-en-dark.png') });
  await page.getByText('中文').click();
  await page.screenshot({ path: testInfo.outputPath('layout-zh-dark.png') });
  await testInfo.attach('layout-zh-dark', {
    path: testInfo.outputPath('layout-zh-dark.png'),
    contentType: 'image/png',
  });
});

test('clear cache from a tab’s right-click menu asks first, then says it is done', async ({ page }) => {
  await signIn(page);
  const ok = page.getByRole('button', { name: /确\s?定/ });
  await chooseEntry(
    () => page.getByRole('tab', { name: '首页' }).click({ button: 'right' }),
    page.getByRole('menuitem', { name: '清除缓存' }),
    () => expect(ok).toBeVisible({ timeout: CHOICE_TIMEOUT }),
  );
  await ok.click();
  await expect(page.getByText('清除完毕')).toBeVisible();
});

test('personal info: the phone rules of the spec, saving, and the password change with its checks', async ({
  page,
}) => {
  await signIn(page);
  await chooseUserMenuEntry(page, '个人信息', () =>
    expect(page).toHaveURL(/\/info\/index$/, { timeout: CHOICE_TIMEOUT }),
  );
  const phone = page.getByLabel('手机号');
  const submit = page.getByRole('button', { name: /提\s?交/ }).first();
  await phone.fill('');
  await submit.click();
  await expect(page.getByText('手机号码不能为空')).toBeVisible();
  await phone.fill('1380013800');
  await expect(page.getByText('手机号码长度不为11位')).toBeVisible();
  await phone.fill('23800138000');
  await expect(page.getByText('手机号码格式不正确')).toBeVisible();
  await phone.fill('13800138000');
  await page.getByLabel('姓名').fill('仓库管理员');
  await submit.click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('手机号')).toHaveValue('13800138000');

  await page.getByRole('tab', { name: '修改密码' }).click();
  const form = page.getByRole('tabpanel', { name: '修改密码' });
  await form.getByLabel('原密码').fill('not-the-old-one');
  await form.getByLabel('新密码').fill('new-pass-1');
  await form.getByLabel('确认密码').fill('new-pass-2');
  await form.getByRole('button', { name: /提\s?交/ }).click();
  await expect(page.getByText('两次密码输入不一致')).toBeVisible();
  await form.getByLabel('确认密码').fill('new-pass-1');
  await form.getByRole('button', { name: /提\s?交/ }).click();
  await expect(page.getByText('原密码不正确')).toBeVisible();
  // Change it and back, so that the other tests keep signing in.
  for (const [from, to] of [
    ['e2e-admin-password', 'new-pass-1'],
    ['new-pass-1', 'e2e-admin-password'],
  ]) {
    await form.getByLabel('原密码').fill(from);
    await form.getByLabel('新密码').fill(to);
    await form.getByLabel('确认密码').fill(to);
    await form.getByRole('button', { name: /提\s?交/ }).click();
    await expect(page.getByText('修改成功').last()).toBeVisible();
    await expect.poll(() => canSignIn(page, to)).toBe(true);
  }
});

/** Whether the administrator can sign in with this password (the server's own answer). */
async function canSignIn(page: Page, password: string): Promise<boolean> {
  const query = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: createHash('md5').update(password).digest('hex'),
    grant_type: 'password',
  });
  const res = await page.request.post(`/api/blade-auth/oauth/token?${query}`, {
    headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
  });
  return res.status() === 200;
}

test('the error log keeps uncaught errors, uploads them to the server and clears them, each after a confirm', async ({
  page,
}) => {
  await signIn(page);
  const upload = page.waitForRequest('**/api/blade-log/usual/client-errors');
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('boom from the test');
    }, 0),
  );
  await page.getByRole('button', { name: '错误日志' }).click();
  const dialog = page.getByRole('dialog', { name: '错误日志' });
  await expect(dialog.getByRole('cell', { name: 'Uncaught Error: boom from the test' })).toBeVisible();
  await dialog.getByRole('button', { name: '上传服务器' }).click();
  await page.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.getByText('上传成功')).toBeVisible();
  const sent = (await upload).postDataJSON() as { message: string }[];
  expect(sent.map((e) => e.message)).toContain('Uncaught Error: boom from the test');
  await expect(dialog.getByRole('cell', { name: 'Uncaught Error: boom from the test' })).toBeHidden();

  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('second boom');
    }, 0),
  );
  await expect(dialog.getByRole('cell', { name: 'Uncaught Error: second boom' })).toBeVisible();
  await dialog.getByRole('button', { name: '清空本地日志' }).click();
  await page.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.getByText('清空成功')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Uncaught Error: second boom' })).toBeHidden();
});

test('the top bar leads to the dashboard, the notices and home; /test/index exists; small screens fold the menu', async ({
  page,
}) => {
  await signIn(page);
  await chooseUserMenuEntry(page, '控制台', () =>
    expect(page).toHaveURL(/\/wel\/dashboard$/, { timeout: CHOICE_TIMEOUT }),
  );
  await expect(page.getByText('000000')).toBeVisible();
  await page.getByRole('button', { name: '通知' }).click();
  await expect(page).toHaveURL(/\/warehouse\/notice$/);
  await expect(page.getByRole('columnheader', { name: '处理状态' })).toBeVisible();
  await page.getByRole('menuitem', { name: '首页' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.goto('/test/index');
  await expect(page.getByText('演示用页面')).toBeVisible();
  await page.setViewportSize({ width: 600, height: 800 });
  await expect(page.locator('.ant-layout-sider')).toHaveClass(/ant-layout-sider-collapsed/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('.ant-layout-sider')).not.toHaveClass(/ant-layout-sider-collapsed/);
});

test('menu meta: an entry whose roles exclude the user’s is hidden, one that disables tabs opens none', async ({
  page,
}) => {
  // The server's menus carry no meta (nor did BladeX's): this test gives two entries one on the way.
  await page.route('**/api/blade-system/menu/routes*', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { code: string; meta?: object; children?: unknown[] }[] };
    const walk = (nodes: { code: string; meta?: object; children?: unknown[] }[]) => {
      for (const n of nodes) {
        if (n.code === 'param') n.meta = { roles: ['auditor'] };
        if (n.code === 'code') n.meta = { isTab: false };
        walk((n.children ?? []) as typeof nodes);
      }
    };
    walk(body.data);
    await route.fulfill({ response: answer, json: body });
  });
  await signIn(page);
  await openMenuEntry(page, '研发工具', '代码生成', /\/tool\/code$/);
  await openMenuEntry(page, '系统管理', '岗位管理', /\/system\/post$/);
  await expect(page.getByRole('menuitem', { name: '参数管理' })).toHaveCount(0);
  await page.getByRole('combobox', { name: '搜索菜单' }).fill('参数');
  await expect(page.getByRole('option', { name: '参数管理' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: '代码生成' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: '岗位管理' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(2);
});

test('a target query opens the route in a new window, without a tab', async ({ page, context }) => {
  await signIn(page);
  const opened = context.waitForEvent('page');
  await page.goto('/system/dept?target=_blank');
  const popup = await opened;
  await expect(popup).toHaveURL(/\/system\/dept$/);
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '机构管理' })).toHaveCount(0);
  await expect(popup.getByRole('tab', { name: '机构管理' })).toBeVisible();
});

test('a menu entry with open mode 2 and an external path opens a new window', async ({ page, context, request }) => {
  await context.route('https://docs.example.invalid/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>docs</title>' }),
  );
  await addMenu(request, {
    code: 'e2e_outside',
    name: '外部文档',
    path: 'https://docs.example.invalid/',
    isOpen: 2,
    sort: 999,
  });
  await openSignedIn(page, '/wel/index');
  const opened = context.waitForEvent('page');
  await page.getByRole('menuitem', { name: '外部文档' }).click();
  expect((await opened).url()).toBe('https://docs.example.invalid/');
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('personal info: the face photo is uploaded through object storage and its link saved as the avatar', async ({
  page,
}) => {
  // A real 1x1 PNG, stored by the server and served back at its link.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  );
  await openSignedIn(page, '/info/index');
  await page.getByLabel('人脸照片').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const photo = page.getByRole('img', { name: '人脸照片' });
  await expect(photo).toHaveAttribute('src', /\/api\/blade-resource\/oss\/endpoint\/file\/000000\/[0-9a-f]{32}\.png$/);
  const link = (await photo.getAttribute('src')) ?? '';
  // the stored bytes come back from the link, and the browser renders them
  expect(Buffer.from(await (await page.request.get(link)).body()).equals(png)).toBe(true);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.getByLabel('手机号').fill('13800138000');
  await page
    .getByRole('button', { name: /提\s?交/ })
    .first()
    .click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: '人脸照片' })).toHaveAttribute('src', link);
  // Back to no photo, for the tests after this one.
  const cleared = await page.request.post('/api/blade-user/update-info', {
    headers: {
      'blade-auth': `bearer ${await storedToken(page)}`,
      authorization: `Basic ${btoa('saber:saber_secret')}`,
    },
    data: { avatar: '' },
  });
  expect(cleared.status()).toBe(200);
});
