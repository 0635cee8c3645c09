import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { crudIn } from '../../support/crud-in.ts';
import { main, signInDemo } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);
test.describe.configure({ timeout: 60_000 });

test('reports: the charts draw on canvases; each table shows rows and exports its file', async ({ page }) => {
  await signInDemo(page);
  await page.goto('/warehouse/report');
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
