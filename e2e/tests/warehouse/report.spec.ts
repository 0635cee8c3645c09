import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { crudIn } from '../../support/crud-in.ts';
import { main, openDemo } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);
test.describe.configure({ timeout: 60_000 });

test('reports: the charts draw on canvases; each table shows rows and exports its file', async ({ page }) => {
  await openDemo(page, '/warehouse/report');
  const panel = main(page).getByRole('tabpanel');
  for (const title of ['按物资类型的库存金额', '每月入库与出库金额', '领用最多的物资 (近 30 天)']) {
    await expect(panel.getByRole('img', { name: title }).locator('canvas')).toBeVisible();
  }

  const tables: [tab: string, file: string, cell: string][] = [
    ['库存明细', 'inventoryDetail.xlsx', 'M-0001'],
    ['物资库存', 'inventoryMaterias.xlsx', 'M-0001'],
    ['出入库统计', 'MaterialsPriceCount.xlsx', 'M-0001'],
  ];
  for (const [tab, file, cell] of tables) {
    await main(page).getByRole('tab', { name: tab }).click();
    await expect(panel.locator('tr.ant-table-row').filter({ hasText: cell }).first()).toBeVisible();
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: /^导\s*出$/ }).click();
    expect((await download).suggestedFilename()).toBe(file);
  }

  // the filters reach the server: one material's code gives its one row
  await main(page).getByRole('tab', { name: '物资库存' }).click();
  await crudIn(page, panel).search({ 关键字: 'M-0001' });
  await expect(panel.locator('tr.ant-table-row')).toHaveCount(1);
});

test('reports: a period by date reaches the server, outbound without a provider is named, empty charts say so', async ({
  page,
}) => {
  await openDemo(page, '/warehouse/report');
  const panel = main(page).getByRole('tabpanel');
  await main(page).getByRole('tab', { name: '出入库统计' }).click();
  const bar = panel.locator('form#crud-search');
  await crudIn(page, panel).search({ 统计维度: { choose: '按供应商' } });
  // the dates go as yyyy-MM-dd, not as a Date's text (which the server refused: 格式不正确)
  const periods: [string | null, string | null, number][] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (!url.pathname.endsWith('/report/MaterialsPriceCount')) return;
    periods.push([url.searchParams.get('startTime'), url.searchParams.get('endTime'), r.status()]);
  });
  const today = new Date().toLocaleDateString('sv');
  for (const [label, day] of [
    ['开始日期', '2020-01-01'],
    ['结束日期', today],
  ]) {
    await bar.getByLabel(label, { exact: true }).fill(day);
    await bar.getByLabel(label, { exact: true }).press('Enter');
  }
  await bar.getByRole('button', { name: /^(搜\s*索|Search)$/ }).click();
  await expect.poll(() => periods.find(([start, end]) => start && end)).toEqual(['2020-01-01', today, 200]);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  // the demo's materials have no default provider: their outbound is a row named so, not a blank one
  await expect(panel.locator('tr.ant-table-row').filter({ hasText: '无供应商' })).toHaveCount(1);

  // a tenant with nothing to draw sees an empty state in each chart, not an empty ring or grid
  for (const chart of ['valueByType', 'monthlyFlow', 'topConsumed']) {
    await page.route(`**/api/warehouse/report/${chart}*`, (route) =>
      route.fulfill({
        json: {
          code: 200,
          success: true,
          msg: '',
          data: chart === 'monthlyFlow' ? [{ month: '2026-01', inAmount: '0', outAmount: '0' }] : [],
        },
      }),
    );
  }
  await page.reload();
  await expect(panel.locator('.ant-empty-description')).toHaveText(['暂无数据', '暂无数据', '暂无数据']);
  await expect(panel.locator('canvas')).toHaveCount(0);
});
