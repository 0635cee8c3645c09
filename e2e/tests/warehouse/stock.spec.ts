import { expect, type Page, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { CANCEL, closeWith, confirmDialog, fill } from '../../support/crud.ts';
import { drawer, recordDialog } from '../../support/crud-in.ts';
import { cellText, listTotal, main, signInDemo, stockOf } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);
// Each test walks several screens on a shared machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const submit = (page: Page) =>
  recordDialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();

test('a refuel through the screen raises the stock shown on the materials screen', async ({ page }) => {
  await signInDemo(page);
  const tape = await stockOf(page, '智能柜 2 号', 'M-0005');
  await page.goto('/warehouse/refuel');
  await expect(main(page).locator('tr.ant-table-row').first()).toBeVisible();
  await main(page)
    .getByRole('button', { name: /^新\s*增$/ })
    .click();
  const dialog = recordDialog(page);
  // no line complete yet: the lines' message, nothing sent
  await submit(page);
  await expect(dialog.getByText('请至少添加一条物资明细, 每条选择物资并填写数量')).toBeVisible();
  await fill(page, dialog, {
    设备: { choose: '智能柜 2 号' },
    供应商: { choose: '恒通五金机电商行' },
    '物资 1': { choose: 'M-0005' },
    '数量 1': '12',
  });
  // the reference price comes with the material; a price typed over it counts
  await expect(dialog.getByLabel('单价 1')).toHaveValue('4.5');
  await fill(page, dialog, { '单价 1': '4.25' });
  await dialog.getByRole('button', { name: '添加明细' }).click();
  await fill(page, dialog, { '物资 2': { choose: 'M-0004' }, '数量 2': '3.5', '批次号 2': 'B-E2E' });
  await expect(dialog.getByTestId('line-totals')).toHaveText('合计: 数量 15.5, 金额 74.80');
  await submit(page);
  await expect(dialog).toHaveCount(0);
  const newest = main(page).locator('tr.ant-table-row').first();
  await expect(newest).toContainText('恒通五金机电商行');
  expect(await cellText(main(page), newest, '总金额')).toBe('74.80');

  expect(await stockOf(page, '智能柜 2 号', 'M-0005')).toBe(tape + 12);
});

test('a refuel is viewed with its lines, its remark edited, its lines exported, then cancelled and removed', async ({
  page,
}) => {
  await signInDemo(page);
  const drills = await stockOf(page, '智能柜 2 号', 'M-0004');
  await page.goto('/warehouse/refuel');
  const row = main(page).locator('tr.ant-table-row').filter({ hasText: '74.80' });
  await row.getByRole('button', { name: /^查\s*看$/ }).click();
  await expect(recordDialog(page).getByText('M-0005 绝缘胶带')).toBeVisible();
  await expect(recordDialog(page).getByTestId('line-totals')).toHaveText('合计: 数量 15.5, 金额 74.80');
  await closeWith(recordDialog(page), CANCEL);

  await row.getByRole('button', { name: /^编\s*辑$/ }).click();
  await fill(page, recordDialog(page), { 备注: '到货验收' });
  await submit(page);
  await expect(recordDialog(page)).toHaveCount(0);

  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: '导出明细' }).click();
  expect((await download).suggestedFilename()).toBe('refuel-items.xlsx');
  await expect(page.getByText('导出完成')).toBeVisible();

  await row.getByRole('button', { name: '作废' }).click();
  await confirmDialog(page);
  await expect(row).toContainText('已作废');
  await row.getByRole('button', { name: /^删\s*除$/ }).click();
  await confirmDialog(page);
  await expect(row).toHaveCount(0);
  // cancelling took the goods back out
  expect(await stockOf(page, '智能柜 2 号', 'M-0004')).toBe(drills - 3.5);
});

test('an outbound beyond the stock shows the insufficient-stock message and writes nothing', async ({ page }) => {
  await signInDemo(page);
  const before = await stockOf(page, '智能柜 1 号', 'M-0002');
  await page.goto('/warehouse/delivery');
  await expect(main(page).locator('tr.ant-table-row').first()).toBeVisible();
  const deliveries = await listTotal(main(page));
  await main(page)
    .getByRole('button', { name: /^新\s*增$/ })
    .click();
  const dialog = recordDialog(page);
  await fill(page, dialog, { 设备: { choose: '智能柜 1 号' }, 用途: 'e2e 超量领用', '物资 1': { choose: 'M-0002' } });
  await fill(page, dialog, { '数量 1': String(before + 5) });
  // an outbound names who takes it (issue 15 #23)
  await submit(page);
  await expect(dialog.getByText('请选择领用人')).toBeVisible();
  await fill(page, dialog, { 领用人: { choose: '李娜' } });
  // the line shows the stock there, in red when the quantity is above it
  await expect(dialog.getByText(`库存 ${before}`)).toHaveClass(/danger/);
  await submit(page);
  await expect(page.getByText(`库存不足: 防割手套 在 智能柜 1 号, 可用 ${before}`)).toBeVisible();
  await closeWith(dialog, CANCEL);
  await page.reload();
  await expect(main(page).locator('tr.ant-table-row').first()).toBeVisible();
  expect(await listTotal(main(page))).toBe(deliveries);
  expect(await stockOf(page, '智能柜 1 号', 'M-0002')).toBe(before);
});

test('an outbound that fits takes the stock; cancelling it puts it back; then it may be removed', async ({ page }) => {
  test.setTimeout(150_000); // it also checks the quantity messages and the stock's history
  await signInDemo(page);
  const before = await stockOf(page, '智能柜 1 号', 'M-0001');
  await page.goto('/warehouse/delivery');
  await main(page)
    .getByRole('button', { name: /^新\s*增$/ })
    .click();
  const dialog = recordDialog(page);
  await fill(page, dialog, {
    设备: { choose: '智能柜 1 号' },
    领用人: { choose: '李娜' },
    用途: 'e2e 检修领用',
    '物资 1': { choose: 'M-0001' },
  });
  // a bad quantity says what is wrong (as the server would), and a negative one is not turned into 0
  for (const [quantity, message] of [
    ['0.0001', '数量最多 3 位小数'],
    ['12345678901234567890', '数量过大: 最大 9999999999999.999'],
    ['-3', '数量不能小于 0'],
  ]) {
    await fill(page, dialog, { '数量 1': quantity });
    await submit(page);
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expect(dialog.getByLabel('数量 1')).toHaveValue('-3');
  await fill(page, dialog, { '数量 1': '4' });
  await submit(page);
  await expect(dialog).toHaveCount(0);
  const row = main(page).locator('tr.ant-table-row').filter({ hasText: 'e2e 检修领用' });
  await expect(row).toContainText('李娜');
  expect(await stockOf(page, '智能柜 1 号', 'M-0001')).toBe(before - 4);

  await page.goto('/warehouse/delivery');
  await row.getByRole('button', { name: /^编\s*辑$/ }).click();
  await fill(page, dialog, { 用途: 'e2e 检修领用二' });
  await submit(page);
  await expect(dialog).toHaveCount(0);
  const edited = main(page).locator('tr.ant-table-row').filter({ hasText: 'e2e 检修领用二' });
  await edited.getByRole('button', { name: '作废' }).click();
  await confirmDialog(page);
  await expect(edited).toContainText('已作废');
  await edited.getByRole('button', { name: /^删\s*除$/ }).click();
  await confirmDialog(page);
  await expect(edited).toHaveCount(0);
  expect(await stockOf(page, '智能柜 1 号', 'M-0001')).toBe(before);
  // the cancellation's counter-movement is named so in the stock's history, not 入库 +4
  await main(page).locator('tr.ant-table-row').first().getByRole('button', { name: '出入库记录' }).click();
  const newest = drawer(page).locator('tr.ant-table-row').first();
  await expect(newest).toContainText('作废冲回');
  await expect(newest).not.toContainText('入库');
});

test('a stocktake needs a reason, sets the stock, and shows in the row’s movements', async ({ page }) => {
  await signInDemo(page);
  const before = await stockOf(page, '智能柜 1 号', 'M-0003');
  const row = main(page).locator('tr.ant-table-row').first();
  await row.getByRole('button', { name: '盘点' }).click();
  const dialog = recordDialog(page);
  await expect(dialog.getByLabel('实盘数量')).toHaveValue(String(before));
  await fill(page, dialog, { 实盘数量: String(before - 2) });
  await submit(page);
  await expect(dialog.getByText('请输入调整原因')).toBeVisible();
  await fill(page, dialog, { 调整原因: '月末盘点破损 2 个' });
  await submit(page);
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => Number(await cellText(main(page), row, '数量'))).toBe(before - 2);

  await row.getByRole('button', { name: '出入库记录' }).click();
  const history = drawer(page);
  await expect(history.getByText('KN95 口罩 在 智能柜 1 号 的出入库记录')).toBeVisible();
  const newest = history.locator('tr.ant-table-row').first();
  await expect(newest).toContainText('盘点调整');
  await expect(newest).toContainText('月末盘点破损 2 个');
  await expect(history.locator('tr.ant-table-row').filter({ hasText: '入库' }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);

  await row.getByRole('button', { name: /^查\s*看$/ }).click();
  await expect(recordDialog(page).getByLabel('数量', { exact: true })).toHaveValue(String(before - 2));
  await expect(recordDialog(page).getByText('不足')).toBeVisible();
});
