import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs, tokenOf } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { CANCEL, closeWith, fill } from '../../support/crud.ts';
import { crudIn, recordDialog } from '../../support/crud-in.ts';
import { expectPageLanguage } from '../../support/language.ts';
import { openSignedIn, signIn } from '../../support/session.ts';
import { seriousViolations } from '../../support/sweep.ts';
import { main } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);

const pad = (n: number) => String(n).padStart(2, '0');
/** A date-time as the picker takes it typed, `hours` from now. */
function hoursFromNow(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}

/** Types a date-time into the dialog's picker and confirms it. */
async function pickTime(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

const latest = (page: Page) =>
  main(page)
    .locator('.ant-card')
    .filter({ hasText: /最新通知|Latest notices/ });

test('desk notices: a bad one refused, one published in rich text, read on the home page; the future one waits', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const n = Date.now().toString(36);
  const title = `年终盘点 ${n}`;
  const later = `下周培训 ${n}`;
  await openSignedIn(page, '/desk/notice');
  const notices = crudIn(page, main(page));
  await notices.addRefused({ 通知标题: title }, '请选择通知类型');

  await main(page)
    .getByRole('button', { name: /^新\s*增$/ })
    .click();
  const form = recordDialog(page);
  await fill(page, form, { 通知标题: title, 通知类型: { choose: '发布通知' } });
  await pickTime(form, '通知时间', hoursFromNow(-1));
  const editor = form.getByRole('textbox', { name: '通知内容' });
  await editor.fill('周五下午盘点，请各部门配合。');
  await editor.selectText();
  await form.getByRole('button', { name: '加粗' }).click();
  await expect(editor.locator('b, strong')).toHaveText('周五下午盘点，请各部门配合。');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(form).toHaveCount(0);

  await main(page)
    .getByRole('button', { name: /^新\s*增$/ })
    .click();
  await fill(page, form, { 通知标题: later, 通知类型: { choose: '事务通知' } });
  await pickTime(form, '通知时间', hoursFromNow(24 * 7));
  await form.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(form).toHaveCount(0);
  await notices.search({ 通知标题: n });
  await expect(notices.rowOf(title)).toContainText('发布通知');
  await expect(notices.rowOf(later)).toContainText('事务通知');

  // the view shows the content as it will be read
  await notices
    .rowOf(title)
    .getByRole('button', { name: /^查\s*看$/ })
    .click();
  await expect(form.locator('.cw-rich-text b, .cw-rich-text strong')).toHaveText('周五下午盘点，请各部门配合。');
  await closeWith(form, CANCEL);

  await page.goto('/wel/index');
  await expect(latest(page).getByRole('button', { name: title })).toBeVisible();
  await expect(latest(page).getByRole('button', { name: later })).toHaveCount(0);
  await latest(page).getByRole('button', { name: title }).click();
  const shown = latest(page).getByRole('region', { name: title });
  await expect(shown.locator('b, strong')).toHaveText('周五下午盘点，请各部门配合。');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a notice that carries a script shows its text and runs nothing', async ({ page }) => {
  const n = Date.now().toString(36);
  const admin = apiAs(page.request, await tokenOf(page.request));
  await admin.post('/api/blade-desk/notice/submit', {
    title: `脚本测试 ${n}`,
    category: 1,
    releaseTime: hoursFromNow(-1),
    content:
      '<p>安全</p><img src="x" onerror="window.__hit = 1"><script>window.__hit = 2</script><a href="javascript:window.__hit=3">链接</a>',
  });
  await signIn(page);
  await latest(page)
    .getByRole('button', { name: `脚本测试 ${n}` })
    .click();
  const shown = latest(page).getByRole('region', { name: `脚本测试 ${n}` });
  await expect(shown.getByText('安全')).toBeVisible();
  await shown.getByText('链接').click();
  expect(await page.evaluate(() => (window as unknown as { __hit?: number }).__hit)).toBeUndefined();
});

test('desk notices in English', async ({ page }) => {
  test.setTimeout(60_000);
  const n = Date.now().toString(36);
  await signIn(page);
  await page.getByText('English').click();
  await page.goto('/desk/notice');
  const notices = crudIn(page, main(page));
  // the list shows this test's notices only: the others' titles are data in Chinese
  await notices.search({ Title: n });
  await notices.addRefused({ Title: `Stocktake ${n}` }, 'Please select category');
  await expectPageLanguage(page, 'en');
  await main(page).getByRole('button', { name: 'Add' }).click();
  await expect(recordDialog(page).getByRole('button', { name: 'Bold' })).toBeVisible();
  await fill(page, recordDialog(page), { Title: `Stocktake ${n}`, Category: { choose: 'Announcement' } });
  await pickTime(recordDialog(page), 'Release time', hoursFromNow(-2));
  await recordDialog(page).getByRole('textbox', { name: 'Content' }).fill('Friday afternoon');
  await expectPageLanguage(page, 'en');
  await recordDialog(page).getByRole('button', { name: 'Submit' }).click();
  await expect(recordDialog(page)).toHaveCount(0);

  await page.goto('/wel/index');
  await expect(latest(page).getByText('Latest notices')).toBeVisible();
  await latest(page)
    .getByRole('button', { name: `Stocktake ${n}` })
    .click();
  await expect(latest(page).getByRole('region', { name: `Stocktake ${n}` })).toContainText('Friday afternoon');
  await expectPageLanguage(page, 'en');
  expect(await seriousViolations(page)).toEqual([]);
});
