import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { main, openDemo } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);

test('home: the tenant key figures show to who may read the reports', async ({ page }) => {
  await openDemo(page, '/wel/index');
  const figure = (title: string) => main(page).locator('.ant-statistic').filter({ hasText: title });
  for (const title of ['库存总金额', '低于安全库存', '今日入库数量', '今日出库数量', '未处理通知']) {
    await expect(figure(title)).toBeVisible();
  }
  // the demo warehouse holds stock: its value is not zero
  await expect(figure('库存总金额').locator('.ant-statistic-content')).not.toHaveText('0.00');
  await expect(figure('库存总金额').locator('.ant-statistic-content')).toHaveText(/^[\d,]+\.\d{2}$/);
  // the welcome stays under them
  await expect(main(page).getByRole('button', { name: '退出登录' })).toBeVisible();
});
