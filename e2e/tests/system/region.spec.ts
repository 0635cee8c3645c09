import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { crudIn } from '../../support/crud-in.ts';
import { signIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(90_000);

test('regions: lazy tree, search, add (a bad one refused), add a sub-region, edit, view, delete', async ({ page }) => {
  await signIn(page);
  await page.goto('/base/region');
  const regions = crudIn(page, page.getByRole('main'));
  const rows = page.getByRole('main').locator('tr.ant-table-row');
  await expect(page.getByRole('main').getByRole('button', { name: /新\s*增/ })).toBeVisible({ timeout: 15_000 });
  await regions.addRefused({ 区划编号: 'abc', 区划名称: '坏编号' }, '区划编号应为 1 到 12 位数字');
  await expect(rows).toHaveCount(0);

  await regions.add({ 区划编号: '11', 区划名称: '北京市' });
  await regions.add({ 区划编号: '12', 区划名称: '天津市' });
  await regions.add({ 区划编号: '1101', 区划名称: '市辖区' }, { row: '北京市', action: '新增下级' });
  await expect(rows).toHaveCount(2);
  await regions.expand('北京市');
  await expect(regions.rowOf('市辖区')).toContainText('地市');

  // a search looks through every level
  await regions.search({ 区划名称: '辖' });
  await expect(rows).toHaveCount(1);
  await regions.search({ 区划名称: '' });
  // back to the tree, folded again as after every search; Beijing opens with what it had read
  await expect(rows).toHaveCount(2);
  await regions.expand('北京市');
  await expect(rows).toHaveCount(3);

  await regions.edit('市辖区', { 区划名称: '北京市辖区' });
  // the open row reads its sub-regions again
  await expect(regions.rowOf('北京市辖区')).toBeVisible();
  await regions.view('北京市辖区', '上级区划编号', '11');
  await regions.remove('北京市辖区');
  await regions.remove('北京市');
  await regions.remove('天津市');
  await expect(rows).toHaveCount(0);
});
