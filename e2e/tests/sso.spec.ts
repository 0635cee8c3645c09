import { expect, type Page, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../support/chromium.ts';
import { dialog, edit, fill, search } from '../support/crud.ts';
import { expectPageLanguage } from '../support/language.ts';
import { openSignedIn } from '../support/session.ts';
import { startPartnerApp } from '../support/sso-client.ts';
import { seriousViolations } from '../support/sweep.ts';

test.skip(!hasChromium, SKIP_LINE);
// one partner application, registered by the first test, used by the others
test.describe.configure({ mode: 'serial' });

// The partner application's origin: the next port after the product's (E2E_PORT + 1).
const PARTNER_PORT = Number(process.env.E2E_PORT ?? 18431) + 1;
const CLIENT = { id: `e2e-sso-${Date.now().toString(36)}`, secret: 'e2e-sso-app-secret' };
let partner: Awaited<ReturnType<typeof startPartnerApp>>;

test.beforeAll(async ({ baseURL }) => {
  partner = await startPartnerApp(PARTNER_PORT, baseURL!, CLIENT);
});
test.afterAll(() => partner.close());

/** The partner's page: its link sends the browser to the product's authorize endpoint, then /sso. */
async function startAtPartner(page: Page) {
  await page.goto(partner.origin);
  await page.getByRole('link', { name: 'Sign in with Cloud Warehouse' }).click();
  await expect(page).toHaveURL(/\/sso\?request=[\w-]{43}$/);
}

test('an administrator registers the application: the authorization_code grant and its redirect URI', async ({
  page,
}) => {
  await openSignedIn(page, '/system/client');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await fill(page, dialog(page), {
    客户端ID: CLIENT.id,
    客户端密钥: CLIENT.secret,
    授权类型: { choose: '授权码模式' },
    回调地址: partner.redirectUri,
  });
  await expect(dialog(page).getByText('单点登录（授权码模式）返回的地址')).toBeVisible();
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  const secretDialog = page.getByRole('dialog', { name: `客户端 ${CLIENT.id} 的密钥` });
  await secretDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('tr.ant-table-row').filter({ hasText: CLIENT.id })).toContainText('授权码模式');
});

test('signed out: the user signs in on our page and the application shows who signed in', async ({ page }) => {
  await startAtPartner(page);
  await expect(page.getByText(`应用 ${CLIENT.id} 请求你通过本系统登录`)).toBeVisible();
  await expectPageLanguage(page, 'zh', ['ID']);
  expect(await seriousViolations(page, 'main'), 'axe').toEqual([]);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('e2e-admin-password');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(new RegExp(`^${partner.redirectUri}\\?code=`));
  await expect(page.locator('#result')).toHaveText('Signed in as 管理员 (admin)');
});

test('signed in: the user confirms, and continues to the application', async ({ page }) => {
  await openSignedIn(page, '/wel/index');
  await startAtPartner(page);
  await expect(page.getByRole('heading', { name: `登录到 ${CLIENT.id}` })).toBeVisible();
  await expect(page.getByText(`${CLIENT.id} 请求以 管理员 的身份登录。`)).toBeVisible();
  await expect(page.getByText(`继续后将返回 ${partner.origin}`)).toBeVisible();
  await expectPageLanguage(page, 'zh');
  expect(await seriousViolations(page, 'main'), 'axe').toEqual([]);
  await page.getByRole('button', { name: '继续' }).click();
  await expect(page.locator('#result')).toHaveText('Signed in as 管理员 (admin)');
});

test('signed in: cancel sends the application access_denied', async ({ page }) => {
  await openSignedIn(page, '/wel/index');
  await startAtPartner(page);
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(new RegExp(`^${partner.redirectUri}\\?error=access_denied&state=`));
  await expect(page.locator('#result')).toHaveText('Refused: access_denied');
});

test('another account: the session here ends, and the form’s cancel answers access_denied too', async ({ page }) => {
  await openSignedIn(page, '/wel/index');
  await startAtPartner(page);
  await page.getByRole('button', { name: '使用其他账号登录' }).click();
  await expect(page.getByLabel('账号')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('saber-token'))).toBeNull();
  await page.getByRole('button', { name: '取消并返回应用' }).click();
  await expect(page.locator('#result')).toHaveText('Refused: access_denied');
});

test('a redirect URI not registered is shown on our page, in the chosen language, and never followed', async ({
  page,
}) => {
  const query = new URLSearchParams({
    client_id: CLIENT.id,
    redirect_uri: `http://127.0.0.1:${PARTNER_PORT + 1}/callback`,
    response_type: 'code',
    state: 's1',
  });
  await page.goto(`/api/blade-auth/oauth/authorize?${query}`);
  await expect(page).toHaveURL(/\/sso\?error=redirect_uri$/);
  await expect(page.getByRole('heading', { name: '无法登录' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(/该应用的回调地址未在本系统登记/);
  await expectPageLanguage(page, 'zh');
  await page.getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Cannot sign in' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(/redirect URI is not registered here/);
  await expect(page).toHaveTitle('Single sign-on - Cloud Warehouse');
  await expectPageLanguage(page, 'en');
  expect(await seriousViolations(page, 'main'), 'axe').toEqual([]);
});

test('a client set to approve automatically takes a signed-in user straight back', async ({ page }) => {
  await openSignedIn(page, '/system/client');
  await search(page, { 客户端ID: CLIENT.id });
  await edit(page, CLIENT.id, { 自动授权: 'true' });
  await page.goto(partner.origin);
  await page.getByRole('link', { name: 'Sign in with Cloud Warehouse' }).click();
  await expect(page.locator('#result')).toHaveText('Signed in as 管理员 (admin)');
});
