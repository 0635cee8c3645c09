import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { dialog, fill, rowOf } from '../../support/crud.ts';
import {
  claim,
  daysFromNow,
  decide,
  diagramStates,
  historyLines,
  leavePeople,
  oneStepBpmn,
  rowAction,
  signInApart,
  startLeave,
} from '../../support/flow.ts';
import { openSignedIn, signIn } from '../../support/session.ts';
import { seriousViolations, wrongLanguage } from '../../support/sweep.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(240_000);

const designer = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('form#flow-model') });

/** A process from elsewhere, with Flowable's attributes and its drawing. */
const IMPORTED = oneStepBpmn('Imported_review', 'Imported review', {
  id: 'review',
  name: 'Review',
  people: 'flowable:candidateGroups="boss"',
});

/** Chooses an entry of the context pad of the element selected on the canvas. */
async function append(page: Page, action: string) {
  const before = await page.locator('.djs-shape').count();
  await page.locator(`.djs-context-pad .entry[data-action="${action}"]`).click();
  await expect(page.locator('.djs-shape')).toHaveCount(before + 1);
}

/** Types a property of the chosen element into the form beside the canvas; leaving the input keeps it. */
async function property(panel: Locator, label: string, value: string) {
  const input = panel.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Enter');
}

/**
 * A process designed in the browser: start → 部门审批 (the approver the form names) → a gateway on
 * the days → 经理复核 (claimed by a manager) beyond three days, else straight to the end. Saved,
 * deployed as a leave process, and run both ways from the leave form.
 */
test('a process designed in the modeler, deployed and started, runs through its gateway both ways', async ({
  page,
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const name = `采购审批${tag.slice(-5)}`;
  const people = await leavePeople(request, tag);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, '/flow/model');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  const drawer = designer(page);
  await expect(drawer).toContainText('新建模型');
  await expect(drawer.locator('.bjs-powered-by')).toBeVisible(); // bpmn.io's watermark, as its license asks
  await fill(page, drawer.locator('form#flow-model'), { 模型名称: name, 模型标识: `purchase_${tag}` });

  // The palette and the context pad speak Chinese, and offer what the engine runs only.
  const palette = drawer.locator('.djs-palette .entry');
  await expect(palette.first()).toBeVisible();
  expect(await palette.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')).filter(Boolean))).toEqual([
    '启用抓手工具',
    '启用套索工具',
    '启用创建/删除空间工具',
    '启用全局连线工具',
    '创建开始事件',
    '创建结束事件',
    '创建排他网关',
    '创建并行网关',
    '创建用户任务',
  ]);

  const panel = drawer.getByRole('complementary', { name: '元素属性' });
  await drawer.locator('[data-element-id="start"]').click();
  await append(page, 'append.user-task');
  await expect(panel.getByRole('heading', { name: '用户任务' })).toBeVisible();
  await property(panel, '名称', '部门审批');
  await property(panel, '办理人', '${taskUser}');
  await append(page, 'append.exclusive-gateway');
  await property(panel, '名称', '天数');
  await append(page, 'append.user-task');
  await property(panel, '名称', '经理复核');
  await panel.getByLabel('候选组', { exact: true }).fill('manager');
  await panel.getByLabel('候选组', { exact: true }).press('Enter');
  await append(page, 'append.end-event');
  await property(panel, '名称', '结束');
  const gateway = drawer.locator('.djs-shape[data-element-id^="Gateway_"]:not([data-element-id$="_label"])');
  await gateway.click();
  await append(page, 'append.end-event');
  await property(panel, '名称', '直接结束');
  await gateway.click();
  await property(panel, '流向「经理复核」的条件', '${days > 3}');
  await property(panel, '流向「直接结束」的条件', '${days <= 3}');
  expect(await wrongLanguage(page, 'zh', ['ID', 'XML', 'SVG']), 'not Chinese').toEqual([]);
  expect(await seriousViolations(page, '.ant-drawer'), 'axe').toEqual([]);

  // Exported as designed: the XML names the process after the model and keeps the Flowable attributes.
  const xmlFile = page.waitForEvent('download');
  await drawer.getByRole('button', { name: '导出 XML' }).click();
  const xml = await xmlFile;
  expect(xml.suggestedFilename()).toBe(`purchase_${tag}.bpmn`);
  const text = fs.readFileSync(await xml.path(), 'utf8');
  expect(text).toContain(`<bpmn:process id="purchase_${tag}" name="${name}" isExecutable="true">`);
  expect(text).toContain('flowable:assignee="${taskUser}"');
  expect(text).toContain('flowable:candidateGroups="manager"');
  expect(text).toContain('${days &gt; 3}');
  const svgFile = page.waitForEvent('download');
  await drawer.getByRole('button', { name: '导出 SVG' }).click();
  const svg = await svgFile;
  expect(svg.suggestedFilename()).toBe(`purchase_${tag}.svg`);
  expect(fs.readFileSync(await svg.path(), 'utf8')).toMatch(/<svg[^>]*>[\s\S]*部门审批[\s\S]*<\/svg>/);

  await drawer.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await drawer.getByRole('button', { name: /关闭|Close/ }).click();
  await expect(drawer).toHaveCount(0);
  await expect(rowOf(page, name)).toBeVisible();

  // Saved as designed: the XML names the process after the model, with the Flowable attributes.
  await rowOf(page, name)
    .getByRole('button', { name: /^设\s*计$/ })
    .click();
  await expect(
    designer(page).locator('.djs-shape[data-element-id^="Gateway_"]:not([data-element-id$="_label"])'),
  ).toBeVisible();
  await designer(page).locator('.djs-shape[data-element-id^="Gateway_"]:not([data-element-id$="_label"])').click();
  await expect(panel.getByLabel('流向「经理复核」的条件', { exact: true })).toHaveValue('${days > 3}');
  await designer(page)
    .getByRole('button', { name: /关闭|Close/ })
    .click();

  // Deployed as a leave process: the leave form starts it.
  await rowOf(page, name)
    .getByRole('button', { name: /^部\s*署$/ })
    .click();
  await fill(page, dialog(page), { 流程分类: { choose: '请假流程' } });
  await dialog(page)
    .getByRole('button', { name: /^提\s*交$/ })
    .click();
  await expect(dialog(page)).toHaveCount(0);
  await page.goto('/flow/manager');
  await expect(rowOf(page, `purchase_${tag}`)).toContainText('激活');

  // Two days: straight to the end once 部门审批 approves.
  const applicant = await signInApart(browser, people.applicant.account);
  const hr = await signInApart(browser, people.hr.account);
  await startLeave(applicant, {
    process: name,
    approver: people.hr.name,
    from: daysFromNow(1),
    to: daysFromNow(3),
    reason: `短期${tag}`,
  });
  await rowAction(hr, '/work/todo', '部门审批', '办理');
  await decide(hr, '同意', '可以');
  await applicant.goto('/work/send');
  await expect(rowOf(applicant, name)).toContainText('已完成');
  await rowAction(applicant, '/work/send', name, '详情');
  const short = await historyLines(applicant);
  expect(short.join('\n')).not.toContain('经理复核');
  expect(short.at(-1)).toMatch(/^直接结束/);
  const states = await diagramStates(applicant.getByRole('main'));
  expect(states.current).toEqual([]);
  expect(states.done.some((id) => id.startsWith('Gateway_'))).toBe(true);

  // Five days: through 经理复核, which a manager claims.
  await startLeave(applicant, {
    process: name,
    approver: people.hr.name,
    from: daysFromNow(1),
    to: daysFromNow(6),
    reason: `长期${tag}`,
  });
  await rowAction(hr, '/work/todo', '部门审批', '办理');
  await decide(hr, '同意', '可以');
  const manager = await signInApart(browser, people.manager.account);
  await claim(manager, '经理复核');
  await rowAction(manager, '/work/todo', '经理复核', '办理');
  await decide(manager, '同意', '复核通过');
  await applicant.goto('/work/send');
  await expect(applicant.locator('tr.ant-table-row').filter({ hasText: '已完成' })).toHaveCount(2);
  await rowAction(applicant, '/work/send', '经理复核', '详情');
  const long = await historyLines(applicant);
  expect(long.join('\n')).toContain('复核通过');
  expect(long.at(-1)).toMatch(/^结束/);
  for (const p of [applicant, hr, manager]) await p.context().close();
});

test('the designer in English, bpmn-js’s own words too; a .bpmn file imported names a new model', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.getByText('English').click();
  await page.goto('/flow/model');
  await page.getByRole('button', { name: /^Add$/ }).click();
  const drawer = designer(page);
  await expect(drawer).toContainText('New model');
  await expect(drawer.getByRole('button', { name: 'Create user task' })).toBeVisible();
  await drawer.locator('[data-element-id="start"]').click();
  await expect(page.locator('.djs-context-pad .entry[data-action="append.user-task"]')).toHaveAttribute(
    'title',
    'Append user task',
  );
  expect(await wrongLanguage(page, 'en'), 'not English').toEqual([]);

  await drawer.locator('input[type=file]').setInputFiles({
    name: 'imported.bpmn',
    mimeType: 'application/xml',
    buffer: Buffer.from(IMPORTED),
  });
  await expect(page.getByText('Imported imported.bpmn')).toBeVisible();
  await expect(drawer.locator('[data-element-id="review"]')).toBeVisible();
  await expect(drawer.getByLabel('Model key', { exact: true })).toHaveValue('Imported_review');
  await expect(drawer.getByLabel('Model name', { exact: true })).toHaveValue('Imported review');
  await drawer.locator('.djs-shape[data-element-id="review"]').click();
  const panel = drawer.getByRole('complementary', { name: 'Element properties' });
  await expect(panel.getByRole('heading', { name: 'User task' })).toBeVisible();
  await expect(panel.getByText('boss', { exact: true })).toBeVisible(); // its candidate group, read from the file
  // leaving with changes not saved asks first
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(drawer).toHaveCount(0);
  await page.getByText('中文').click();
});
