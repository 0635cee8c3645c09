import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiAs, signInAnswer, tokenOf } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { CANCEL, closeWith, confirmDialog, dialog, rowOf } from '../../support/crud.ts';
import { startIdp } from '../../support/idp.ts';
import { expectPageLanguage } from '../../support/language.ts';
import { ADMIN_PASSWORD, openSignedIn } from '../../support/session.ts';
import { seriousViolations } from '../../support/sweep.ts';
import { DEMO_TENANT } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);
test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000); // two trips through the provider's pages and several axe runs

/**
 * Third-party sign-in (issue 23) through a real OpenID Connect provider on loopback (oidc-provider, its
 * development login and consent pages typed in by the browser): the login page's button, the
 * third-party registration dialog (a guest awaiting approval, or a link to an existing account), the
 * linked accounts on the info page, and the providers' screen.
 */
const SOURCE = 'corp';
const PROVIDER_NAME = '企业身份平台';
const BUTTON = `使用 ${PROVIDER_NAME} 登录`;
const n = Date.now().toString(36);
/** Technical names that are the same in both languages (protocols, URL paths and field names shown as hints). */
const TECHNICAL = ['OpenID Connect', 'OAuth2', 'GitHub', 'PKCE', 'S256', 'ID', 'URL'];

let idp: Awaited<ReturnType<typeof startIdp>>;

test.beforeAll(async ({ request, baseURL }) => {
  idp = await startIdp({
    clientId: 'warehouse-e2e',
    secret: 'e2e-Client-Secret-77',
    redirectUris: [`${baseURL}/oauth/redirect/${SOURCE}`],
  });
  const admin = apiAs(request, await tokenOf(request));
  const demo = await admin.get<{ records: { id: string }[] }>(`/api/blade-system/tenant/page?tenantId=${DEMO_TENANT}`);
  await admin.post('/api/blade-system/tenant/submit', { id: demo.records[0]!.id, guestRegistration: 1 });
  // a retry starts another provider: the row is pointed at it
  const kept = await admin.get<{ records: { id: string }[] }>(
    `/api/blade-system/social-provider/page?tenantId=${DEMO_TENANT}&source=${SOURCE}`,
  );
  await admin.post('/api/blade-system/social-provider/submit', {
    id: kept.records[0]?.id,
    tenantId: DEMO_TENANT,
    source: SOURCE,
    name: PROVIDER_NAME,
    type: 'oidc',
    issuer: idp.url,
    clientId: 'warehouse-e2e',
    clientSecret: 'e2e-Client-Secret-77',
  });
});
test.afterAll(() => idp?.close());

/** From the login page of the demo tenant, by the provider's button, through the provider's own pages. */
async function signInAtProvider(page: Page, login: string) {
  await page.goto('/login');
  await page.getByLabel('租户ID').fill(DEMO_TENANT);
  await page.getByRole('link', { name: BUTTON }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The demo tenant's administrator approves the account and gives it the administrator's roles. */
async function approveAndGrant(page: Page, account: string) {
  const answer = await (await signInAnswer(page.request, 'admin', ADMIN_PASSWORD, DEMO_TENANT)).json();
  const admin = apiAs(page.request, answer.access_token as string);
  const users = await admin.get<{ records: { id: string }[] }>(`/api/blade-user/page?account=${account}`);
  const id = users.records[0]!.id;
  await admin.post(`/api/blade-user/approve?userIds=${id}`);
  await admin.post(`/api/blade-user/grant?userIds=${id}&roleIds=${answer.role_id}`);
}

const freshPage = async (browser: Browser) => (await browser.newContext({ locale: 'zh-CN' })).newPage();

test('an unknown identity registers through the third-party dialog, waits for approval, then signs in by the button', async ({
  page,
}) => {
  const account = `social-${n}`;
  await page.goto('/login');
  await page.getByLabel('租户ID').fill(DEMO_TENANT);
  await expect(page.getByRole('link', { name: BUTTON })).toBeVisible();
  await expectPageLanguage(page, 'zh', TECHNICAL);
  expect(await seriousViolations(page), 'axe (login)').toEqual([]);

  await signInAtProvider(page, account);
  const box = dialog(page);
  await expect(box.getByText('第三方注册用户')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/login$/);
  expect(await seriousViolations(page, '.ant-modal'), 'axe (dialog)').toEqual([]);
  await expectPageLanguage(page, 'zh', TECHNICAL);
  await box.getByLabel('姓名', { exact: true }).fill('第三方访客');
  await box.getByLabel('账号', { exact: true }).fill(account);
  await box.getByLabel('密码', { exact: true }).fill('guest-pass');
  await box.getByLabel('确认密码').fill('guest-pass');
  await box.getByRole('button', { name: /提\s?交/ }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('注册申请已提交,请耐心等待管理员审核!', {
    timeout: 15_000,
  });
  await confirmDialog(page, /确\s*定|知道了|OK/);

  // before approval, the provider's button says so
  await page.goto('/login');
  await page.getByLabel('租户ID').fill(DEMO_TENANT);
  await page.getByRole('link', { name: BUTTON }).click();
  await expect(page.getByText('该账号正在等待管理员审核,审核通过后即可登录')).toBeVisible({ timeout: 15_000 });

  await approveAndGrant(page, account);
  await page.goto('/login');
  await page.getByLabel('租户ID').fill(DEMO_TENANT);
  // the provider remembers the browser: straight back, and signed in
  await page.getByRole('link', { name: BUTTON }).click();
  await expect(page).toHaveURL(/\/wel\/index$/, { timeout: 15_000 });
});

test('an unknown identity links to an existing account after its password; the info page unlinks it', async ({
  browser,
}) => {
  const page = await freshPage(browser);
  await signInAtProvider(page, `linker-${n}`);
  const box = dialog(page);
  await expect(box.getByText('第三方注册用户')).toBeVisible({ timeout: 15_000 });
  await box.getByRole('tab', { name: '绑定已有账号' }).click();
  // the registration's pane stays in the page, hidden: the visible pane's fields
  const pane = box.getByRole('tabpanel');
  expect(await seriousViolations(page, '.ant-modal'), 'axe (link tab)').toEqual([]);
  await pane.getByLabel('账号', { exact: true }).fill('admin');
  await pane.getByLabel('密码', { exact: true }).fill('wrong-password');
  await box.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page.getByText('用户名或密码错误')).toBeVisible({ timeout: 15_000 });
  await pane.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
  await box.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/, { timeout: 15_000 });

  // signed in by the button alone from now on
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await page.evaluate(() => localStorage.clear());
  await signInAtProvider(page, `linker-${n}`);
  await expect(page).toHaveURL(/\/wel\/index$/, { timeout: 15_000 });

  await page.goto('/info/index');
  await page.getByRole('tab', { name: '第三方账号' }).click();
  const row = rowOf(page, `linker-${n}`);
  await expect(row).toContainText(PROVIDER_NAME);
  expect(await seriousViolations(page, 'main'), 'axe (linked accounts)').toEqual([]);
  await expectPageLanguage(page, 'zh');
  await row.getByRole('button', { name: '解除绑定' }).click();
  await confirmDialog(page, /解除绑定/);
  await expect(page.getByText('已解除绑定')).toBeVisible();
  await expect(rowOf(page, `linker-${n}`)).toHaveCount(0);
  await page.context().close();
});

test('the providers’ screen lists the tenants’ providers and never their secrets; its form is accessible and in Chinese', async ({
  page,
}) => {
  await openSignedIn(page, '/system/social');
  const row = rowOf(page, PROVIDER_NAME);
  await expect(row).toContainText(DEMO_TENANT, { timeout: 15_000 });
  await expect(page.getByText('e2e-Client-Secret-77')).toHaveCount(0);
  expect(await seriousViolations(page, 'main'), 'axe (list)').toEqual([]);
  await page
    .getByRole('main')
    .getByRole('button', { name: /新\s?增/ })
    .click();
  await expect(dialog(page).getByLabel('签发者地址')).toBeVisible();
  expect(await seriousViolations(page, '.ant-modal'), 'axe (form)').toEqual([]);
  // hints name what the provider calls things; longer ones first, as each is taken out of the text in turn
  const hints = [
    '/.well-known/openid-configuration',
    'openid profile email',
    '/oauth/redirect/{平台编号}',
    'avatar_url',
  ];
  const fields = ['github', 'login', 'email', 'name', 'id'];
  const data = ['warehouse-e2e', SOURCE];
  await expectPageLanguage(page, 'zh', [...data, ...hints, ...TECHNICAL, ...fields]);
  await closeWith(dialog(page), CANCEL);
});
