import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../support/chromium.ts';

test.skip(!hasChromium, SKIP_LINE);

test.describe('routes without a session', () => {
  for (const path of ['/', '/wel', '/wel/index']) {
    test(`${path} goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
      await expect(page).toHaveTitle('登录 - 云仓储管理平台');
    });
  }

  test('an unknown path goes to /404, which offers the way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/403 and /500 render their pages', async ({ page }) => {
    await page.goto('/403');
    await expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible();
    await page.goto('/500');
    await expect(page.getByText('抱歉，服务器出错了')).toBeVisible();
  });
});

test.describe('what the server serves', () => {
  test('hashed assets are cached for a year, the page never', async ({ page, request }) => {
    const assets: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/assets/')) assets.push(r.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
    expect(assets.length).toBeGreaterThan(0);
    const asset = await request.get(assets[0]!);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await request.get('/login');
    expect(index.headers()['cache-control']).toBe('no-cache');
  });

  test('API paths stay API answers', async ({ request }) => {
    const res = await request.get('/api/no-such-endpoint');
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, success: false });
    const health = await request.get('/api/health');
    expect(await health.json()).toMatchObject({ code: 200, data: { database: 'up' } });
  });
});
