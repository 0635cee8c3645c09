import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { crudIn } from '../../support/crud-in.ts';
import { main, openDemo } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);
test.describe.configure({ timeout: 60_000 });

test('devices: a tree; search, add (a bad one refused), add child, edit, view, print a label, delete', async ({
  page,
}) => {
  await openDemo(page, '/warehouse/device');
  const devices = crudIn(page, main(page));
  await expect(devices.rowOf('一号厂区')).toBeVisible();
  await devices.expand('一号厂区');
  await expect(devices.rowOf('中心仓库')).toBeVisible();
  await devices.search({ 设备名称: '智能柜' });
  await expect(main(page).locator('tr.ant-table-row')).toHaveCount(2);
  await devices.addRefused({ 设备名称: '二号厂区' }, '请输入设备编号');
  await devices.add({ 设备名称: 'E2E 二号厂区', 设备编号: 'E2E-SITE', 设备类型: { choose: '站点' } });
  await devices.search({ 设备名称: 'E2E' });
  await devices.add(
    { 设备名称: 'E2E 货道 1', 设备编号: 'E2E-SLOT-1', 设备类型: { choose: '货道' } },
    { row: 'E2E 二号厂区', action: '新增下级' },
  );
  await devices.expand('E2E 二号厂区');
  await expect(devices.rowOf('E2E 货道 1')).toBeVisible();
  await devices.edit('E2E-SLOT-1', { 位置: 'B 栋 2 层' });
  await devices.view('E2E-SLOT-1', '位置', 'B 栋 2 层');

  const popup = page.waitForEvent('popup');
  await devices.rowOf('E2E-SLOT-1').getByRole('button', { name: '打印标签' }).click();
  const label = await popup;
  await expect(label.getByText('E2E-SLOT-1')).toBeVisible();
  await expect(label.getByRole('img', { name: 'E2E-SLOT-1' })).toBeVisible();
  await label.close();

  await devices.remove('E2E 货道 1');
  await devices.remove('E2E 二号厂区');
});

test('material types: a tree; search, add (a bad one refused), add child, edit, view, delete', async ({ page }) => {
  await openDemo(page, '/warehouse/materialstype');
  const types = crudIn(page, main(page));
  await expect(types.rowOf('劳保用品')).toBeVisible();
  await types.search({ 类型名称: '防护' });
  await expect(main(page).locator('tr.ant-table-row')).toHaveCount(2);
  await types.addRefused({ 类型编号: 'E2E-T' }, '请输入类型名称');
  await types.add({ 类型名称: 'E2E 量具', 类型编号: 'E2E-T' });
  await types.search({ 类型名称: 'E2E' });
  await types.add({ 类型名称: 'E2E 卡尺', 类型编号: 'E2E-T-1' }, { row: 'E2E 量具', action: '新增下级' });
  await types.expand('E2E 量具');
  await types.edit('E2E-T-1', { 备注: '游标卡尺与数显卡尺' });
  await types.view('E2E-T-1', '备注', '游标卡尺与数显卡尺');
  await types.remove('E2E 卡尺');
  await types.remove('E2E 量具');
});

test('material codes: search, add (a bad one refused), edit, view, print its QR label, delete', async ({ page }) => {
  await openDemo(page, '/warehouse/materialscode');
  const materials = crudIn(page, main(page));
  await expect(materials.rowOf('M-0001')).toBeVisible();
  await materials.search({ 物资类型: { choose: '劳保用品' } });
  // a type takes in the types below it
  await expect(main(page).locator('tr.ant-table-row')).toHaveCount(3);
  await materials.addRefused({ 物资编号: 'E2E-M-1', 物资名称: 'E2E 扳手' }, '请选择物资类型');
  await materials.add({
    物资编号: 'E2E-M-1',
    物资名称: 'E2E 扳手',
    物资类型: { choose: '五金工具' },
    规格: '12 mm',
    单位: { choose: '套' },
    参考单价: '12.5',
    安全库存: '2',
  });
  await main(page)
    .getByRole('button', { name: /清\s*空/ })
    .click();
  await materials.search({ 物资编号: 'E2E-M' });
  await expect(materials.rowOf('E2E 扳手')).toContainText('五金工具');
  await materials.edit('E2E-M-1', { 品牌: '世达' });
  await materials.view('E2E-M-1', '品牌', '世达');

  const popup = page.waitForEvent('popup');
  await materials.rowOf('E2E-M-1').getByRole('button', { name: '打印标签' }).click();
  const label = await popup;
  await expect(label.getByText('E2E 扳手')).toBeVisible();
  await expect(label.getByText('12 mm')).toBeVisible();
  await expect(label.getByRole('img', { name: 'E2E-M-1' })).toHaveJSProperty('complete', true);
  await label.close();

  await materials.remove('E2E-M-1');
});

test('providers: search, add (a bad one refused), edit, view, delete', async ({ page }) => {
  await openDemo(page, '/warehouse/provider');
  const providers = crudIn(page, main(page));
  await expect(providers.rowOf('SUP-001')).toBeVisible();
  await providers.search({ 供应商名称: '五金' });
  await expect(main(page).locator('tr.ant-table-row')).toHaveCount(1);
  await providers.addRefused(
    { 供应商编号: 'E2E-SUP', 供应商名称: 'E2E 供应商', 邮箱: 'not-an-email' },
    '邮箱格式不正确',
  );
  await providers.add({ 供应商编号: 'E2E-SUP', 供应商名称: 'E2E 供应商', 联系人: '周经理' });
  await providers.search({ 供应商名称: 'E2E' });
  await expect(providers.rowOf('E2E-SUP')).toContainText('周经理');
  await providers.edit('E2E-SUP', { 邮箱: 'sales@e2e.test', 银行账号: '6222 0000 1111' });
  await providers.view('E2E-SUP', '银行账号', '6222 0000 1111');
  await providers.remove('E2E-SUP');
});
