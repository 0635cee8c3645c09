import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { fill } from '../../support/crud.ts';
import { crudIn, recordDialog } from '../../support/crud-in.ts';
import { bellCount, cellText, expectBell, main, signInDemo } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test('the bell counts the untreated notices: treating one lowers it, one entered by hand raises it', async ({
  page,
}) => {
  await signInDemo(page);
  // the demo's own deliveries left some stock low or out
  await expect.poll(() => bellCount(page)).toBeGreaterThan(0);
  const untreated = await bellCount(page);
  await page.getByRole('button', { name: '通知' }).click();
  await expect(page).toHaveURL(/\/warehouse\/notice$/);
  const notices = crudIn(page, main(page));
  const first = main(page).locator('tr.ant-table-row').filter({ hasText: '未处理' }).first();
  const title = await cellText(main(page), first, '标题');
  await first.getByRole('button', { name: '处理' }).click();
  await fill(page, recordDialog(page), { 处理说明: '已通知供应商补货' });
  await recordDialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await expect(recordDialog(page)).toHaveCount(0);
  await expectBell(page, untreated - 1);
  await notices.view(title, '处理说明', '已通知供应商补货');

  await notices.addRefused({ 通知类型: { choose: '设备离线' } }, '请输入标题');
  await notices.add({ 通知类型: { choose: '设备离线' }, 标题: 'e2e 领料终端离线', 设备: { choose: '领料终端' } });
  await expectBell(page, untreated);
  await notices.search({ 标题: 'e2e 领料终端' });
  await expect(main(page).locator('tr.ant-table-row')).toHaveCount(1);
  await notices.edit('e2e 领料终端离线', { 内容: '终端 10 分钟无心跳' });
  await notices.view('e2e 领料终端离线', '内容', '终端 10 分钟无心跳');
  await notices.remove('e2e 领料终端离线');
  await expectBell(page, untreated - 1);
});
