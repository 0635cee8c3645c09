import { expect, type Page, test } from '@playwright/test';
import { apiAs, tokenOf } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { crudIn } from '../../support/crud-in.ts';
import { openSignedIn } from '../../support/session.ts';
import { seriousViolations } from '../../support/sweep.ts';
import { downloadedRows, workbookFile } from '../../support/xlsx.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(180_000); // 31 provinces and more in the lazy tree: every step re-renders them

// The national divisions are seeded on the first start: 31 provinces at the root. The tests add
// regions under codes no division has (9x) and remove them again.
const PROVINCES = 31;
const HEADER = ['区划编号', '父区划编号', '区划名称'];

test('regions: the seeded divisions, lazy tree, search, add (a bad one refused), a sub-region, edit, view, delete', async ({
  page,
}) => {
  await openSignedIn(page, '/base/region');
  const regions = crudIn(page, page.getByRole('main'));
  const rows = page.getByRole('main').locator('tr.ant-table-row');
  await expect(page.getByRole('main').getByRole('button', { name: /^新\s*增$/ })).toBeVisible({ timeout: 15_000 });
  await expect(rows).toHaveCount(PROVINCES);

  await regions.addRefused({ 区划编号: 'abc', 区划名称: '坏编号' }, '区划编号应为 1 到 12 位数字');
  await expect(rows).toHaveCount(PROVINCES);
  await regions.add({ 区划编号: '97', 区划名称: '测试省' });
  await regions.add({ 区划编号: '98', 区划名称: '测试直辖市' });
  await regions.add({ 区划编号: '9701', 区划名称: '测试地市' }, { row: '测试省', action: '新增下级' });
  await expect(rows).toHaveCount(PROVINCES + 2);
  await regions.expand('测试省');
  await expect(regions.rowOf('测试地市')).toContainText('地市');

  // a search looks through every level
  await regions.search({ 区划名称: '测试地' });
  await expect(rows).toHaveCount(1);
  await regions.search({ 区划名称: '' });
  // back to the tree, folded again as after every search; the province opens with what it had read
  await expect(rows).toHaveCount(PROVINCES + 2);
  await regions.expand('测试省');
  await expect(rows).toHaveCount(PROVINCES + 3);

  await regions.edit('测试地市', { 区划名称: '测试地市改' });
  // the open row reads its sub-regions again
  await expect(regions.rowOf('测试地市改')).toBeVisible();
  await regions.view('测试地市改', '上级区划编号', '97');
  await regions.remove('测试地市改');
  await regions.remove('测试省');
  await regions.remove('测试直辖市');
  await expect(rows).toHaveCount(PROVINCES);
  // a seeded province opens on its cities
  await regions.expand('北京市');
  await expect(regions.rowOf('市辖区').first()).toContainText('地市');
});

const main = (page: Page) => page.getByRole('main');
const importDialog = (page: Page) => page.getByRole('dialog', { name: '数据导入' });

test('regions: export what the search selects; import with the template, refused rows listed, then known codes overwritten', async ({
  page,
}) => {
  await openSignedIn(page, '/base/region');
  const regions = crudIn(page, main(page));

  // the export takes the search's filters
  await regions.search({ 区划名称: '东城区' });
  await expect(regions.rowOf('东城区')).toBeVisible();
  const exported = page.waitForEvent('download');
  await main(page)
    .getByRole('button', { name: /^导\s*出$/ })
    .click();
  const download = await exported;
  expect(download.suggestedFilename()).toBe('regions.xlsx');
  const sheet = await downloadedRows(download);
  expect(sheet[0]?.slice(0, 4)).toEqual(['区划编号', '父区划编号', '祖区划编号', '区划名称']);
  expect(sheet.slice(1).map((r) => r[0])).toEqual(['110101']);
  await regions.search({ 区划名称: '' });

  await main(page)
    .getByRole('button', { name: /^导\s*入$/ })
    .click();
  const dialog = importDialog(page);
  const template = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载模板' }).click();
  expect((await template).suggestedFilename()).toBe('region-template.xlsx');

  // a file with a bad row: nothing written, every problem listed by row
  const bad = await workbookFile('bad.xlsx', [
    HEADER,
    ['96', '', '导入省'],
    ['9601', '96', ''],
    ['9602', '77', '孤儿市'],
  ]);
  await dialog.locator('input[type=file]').setInputFiles(bad);
  await dialog.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(dialog.getByText('导入未完成, 没有写入任何数据')).toBeVisible();
  await expect(dialog.getByText('第 3 行: 请输入区划名称')).toBeVisible();
  await expect(dialog.getByText('第 4 行: 上级区划 77 不存在')).toBeVisible();
  expect(await seriousViolations(page, '.ant-modal'), 'axe (import dialog)').toEqual([]);

  // a good one; a known code (Beijing) is skipped unless overwriting is chosen
  const good = await workbookFile('good.xlsx', [
    HEADER,
    ['9601', '96', '导入市'],
    ['96', '', '导入省'],
    ['11', '', '北京市'],
  ]);
  await dialog.locator('input[type=file]').setInputFiles(good);
  await dialog.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(page.getByText('导入完成: 新增 2 条, 更新 0 条, 跳过 1 条')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(regions.rowOf('导入省')).toBeVisible();

  await main(page)
    .getByRole('button', { name: /^导\s*入$/ })
    .click();
  await importDialog(page).locator('input[type=file]').setInputFiles(good);
  await importDialog(page).getByRole('radio', { name: '覆盖' }).check();
  await importDialog(page)
    .getByRole('button', { name: /^导\s*入$/ })
    .click();
  await expect(page.getByText('导入完成: 新增 0 条, 更新 3 条, 跳过 0 条')).toBeVisible();
  expect(await seriousViolations(page, 'main'), 'axe').toEqual([]);

  const admin = apiAs(page.request, await tokenOf(page.request));
  for (const id of ['9601', '96']) await admin.post(`/api/blade-system/region/remove?id=${id}`);
});
