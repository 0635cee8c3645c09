import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { crudIn } from '../../support/crud-in.ts';
import { card } from '../../support/dict.ts';
import { openSignedIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(90_000);

for (const [path, tab] of [
  ['/dict-horizontal/index', '字典管理(左右)'],
  ['/dict-vertical/index', '字典管理(上下)'],
] as const) {
  test(`${path}: a clicked dictionary shows its items, which can be added, edited and deleted`, async ({ page }) => {
    await openSignedIn(page, path);
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    const parents = crudIn(page, card(page, '字典列表'));
    const itemsCard = card(page, '字典配置');
    const items = crudIn(page, itemsCard);
    await expect(parents.rowOf('性别')).toBeVisible({ timeout: 15_000 });

    // no dictionary chosen: no items, and adding one says to choose
    await expect(itemsCard.locator('tr.ant-table-row')).toHaveCount(0);
    await itemsCard.getByRole('button', { name: /^新\s*增$/ }).click();
    await expect(page.getByText('请先选择字典')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await parents.search({ 字典编号: 'sex' });
    await parents.rowOf('性别').locator('td').nth(2).click();
    await expect(itemsCard.locator('.ant-card-head-title')).toHaveText('[性别] 字典配置');
    await expect(items.rowOf('男')).toBeVisible();
    await items.add({ 字典名称: 'E2E其他', 字典键值: 'e2e', 字典排序: '9' });
    await items.edit('E2E其他', { 字典名称: 'E2E其它' });
    await items.view('E2E其它', '字典键值', 'e2e');
    await items.remove('E2E其它');
    await expect(items.rowOf('男')).toBeVisible();
  });
}
