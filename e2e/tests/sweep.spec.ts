import { expect, type Page, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../support/chromium.ts';
import { processPages } from '../support/flow.ts';
import { ADMIN_PASSWORD } from '../support/session.ts';
import { menuScreens, openInClient, seriousViolations, settler, wrongLanguage } from '../support/sweep.ts';

test.skip(!hasChromium, SKIP_LINE);

/**
 * Every screen of the admin's menu, in each language and at a wide and a narrow window: it renders,
 * its words are in the chosen language, and axe-core finds no serious or critical WCAG 2.1 A/AA
 * violation. The platform tenant, whose menu holds every screen, is walked in each language once, one
 * of them at each width; the demo tenant (its own menu and data) the other way round, so that each
 * tenant meets both languages and both widths, and each language both widths: a width changes the
 * layout, a language the words. (The platform's two other walks, zh at 800 and en at 1440, took 1.5 min
 * of each CI run.) One sign-in per run; screens are opened inside the running client, as the menu opens them.
 */
type Language = 'zh' | 'en';
const RUNS: { language: Language; width: number; tenant: string }[] = [
  { language: 'zh', width: 1440, tenant: '000000' },
  { language: 'en', width: 800, tenant: '000000' },
  { language: 'en', width: 1440, tenant: '888888' },
  { language: 'zh', width: 800, tenant: '888888' },
];

const WORDS = {
  zh: { tenant: '租户ID', account: '账号', password: '密码', signIn: '登 录', lock: '锁屏', unlock: /解\s?锁/ },
  en: {
    tenant: 'Tenant ID',
    account: 'Account',
    password: 'Password',
    signIn: 'Sign in',
    lock: 'Lock the screen',
    unlock: 'Unlock',
  },
};

/** Words that are the same in both languages: the product's names of things. */
const SAME_IN_BOTH = ['ID'];

/** Collects what is wrong on each page, so one run reports every page, not the first one. */
function findings() {
  const found: string[] = [];
  return {
    async check(page: Page, where: string, language: Language, within?: string) {
      for (const v of await seriousViolations(page, within)) found.push(`${where}: axe ${v}`);
      for (const w of await wrongLanguage(page, language, SAME_IN_BOTH))
        found.push(`${where}: not ${language}: "${w}"`);
    },
    add: (line: string) => found.push(line),
    expectNone: () => expect(found, found.join('\n')).toEqual([]),
  };
}

async function signIn(page: Page, language: Language, tenant: string, found: ReturnType<typeof findings>) {
  const words = WORDS[language];
  await page.goto('/login');
  if (language === 'en') await page.getByText('English').click();
  await expect(page.getByLabel(words.account)).toBeVisible();
  await found.check(page, 'login', language);
  await page.getByLabel(words.tenant).fill(tenant);
  await page.getByLabel(words.account).fill('admin');
  await page.getByLabel(words.password).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: words.signIn }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
}

/** Locks the screen, checks the lock page, and unlocks. */
async function lockPage(page: Page, language: Language, found: ReturnType<typeof findings>) {
  const words = WORDS[language];
  await page.getByRole('button', { name: words.lock, exact: true }).click();
  await page.getByRole('dialog').getByLabel(words.password, { exact: false }).fill('sweep-lock');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /锁\s?屏|^Lock$/ })
    .click();
  await expect(page).toHaveURL(/\/lock$/);
  await found.check(page, 'lock', language);
  await page.getByLabel(words.password, { exact: false }).fill('sweep-lock');
  await page.getByRole('button', { name: words.unlock }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
}

for (const { language, width, tenant } of RUNS) {
  test(`every menu screen of tenant ${tenant} in ${language} at ${width} px: renders, in ${language}, no serious axe violation`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const found = findings();
    const settle = settler(page);
    await signIn(page, language, tenant, found);
    const screens = await menuScreens(page);
    expect(screens.length).toBeGreaterThan(20);
    for (const { name, route } of [{ name: 'home', route: '/wel/index' }, ...screens]) {
      await openInClient(page, route);
      // the layout shows the new screen (its tab chosen) once its code has come
      await expect(page.locator(`[role="tab"][aria-selected="true"][id$="-tab-${route}"]`)).toHaveCount(1);
      await settle();
      const where = `${name} (${route})`;
      if (!page.url().endsWith(route)) {
        found.add(`${where}: went to ${page.url()}`);
        continue;
      }
      await expect(page.getByRole('main')).toBeVisible();
      const error = page
        .locator('.ant-result-403, .ant-result-404, .ant-result-500')
        .or(page.getByText('Unexpected Application Error'));
      if (await error.count()) found.add(`${where}: an error page`);
      // a focused tab announces its place (rc-tabs' live region), in the page's language too
      if (route === '/wel/index') await page.getByRole('tab', { selected: true }).focus();
      // the layout around the page is the same on every screen: checked whole on the first, with each theme below
      await found.check(page, where, language, route === '/wel/index' ? undefined : 'main');
    }
    // the header's tools are all in view at 1440 px
    if (width === 1440) await lockPage(page, language, found);
    found.expectNone();
  });
}

test('each theme on the users screen: no serious axe violation', async ({ page }) => {
  test.setTimeout(90_000);
  const found = findings();
  const settle = settler(page);
  await signIn(page, 'zh', '000000', found);
  await openInClient(page, '/system/user');
  await settle();
  const themes = [
    '默认主题',
    '白色主题',
    '黑色主题',
    '炫彩主题',
    '智能主题',
    'iView主题',
    'VIP主题',
    '酷炫主题',
    'D2主题',
    'Hey主题',
    'LTE主题',
  ];
  for (const theme of themes) {
    await page.getByRole('button', { name: '主题', exact: true }).click();
    await page.getByRole('dialog').getByText(theme, { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    for (const v of await seriousViolations(page)) found.add(`${theme}: axe ${v}`);
  }
  found.expectNone();
});

test('the process pages, outside the menu (leave, an outbound request): render, in each language, no serious axe violation', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const pages = await processPages(request);
  const found = findings();
  const settle = settler(page);
  try {
    for (const language of ['zh', 'en'] as const) {
      for (const [tenant, routes] of [
        ['000000', pages.platform],
        ['888888', pages.demo],
      ] as const) {
        await page.context().clearCookies();
        await page.evaluate(() => localStorage.clear()).catch(() => undefined);
        await signIn(page, language, tenant, found);
        for (const route of routes) {
          await openInClient(page, route);
          await settle();
          const where = `${tenant} ${route}`;
          // the page drew its form or its request, and its diagram, not an error
          const drawn = route.includes('/form/') ? 'form#leave-form' : '.ant-descriptions';
          await expect(page.getByRole('main').locator(drawn)).toBeVisible();
          await expect(page.getByRole('main').locator('figure.cw-diagram .djs-element').first()).toBeVisible();
          // the decision's buttons come alive with the request, fading in: axe must not see them halfway
          await expect
            .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
            .toBe(0);
          await found.check(page, where, language, 'main');
        }
      }
    }
  } finally {
    await pages.done();
  }
  found.expectNone();
});
