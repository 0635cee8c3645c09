import { expect, type Page, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { rowOf } from '../../support/crud.ts';
import {
  claim,
  daysFromNow,
  decide,
  diagramStates,
  historyLines,
  leavePeople,
  rowAction,
  signInApart,
  startLeave,
  strokeOf,
} from '../../support/flow.ts';
import { seriousViolations, wrongLanguage } from '../../support/sweep.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(240_000);

const LEAVE = '请假流程';

/** Nothing on the page in the wrong language, and no serious axe finding in the main area. */
async function expectClean(page: Page) {
  expect(await wrongLanguage(page, 'zh', ['ID']), 'not Chinese').toEqual([]);
  expect(await seriousViolations(page, 'main'), 'axe').toEqual([]);
}

test('a leave request: HR sends it back, the applicant resubmits, HR approves, a manager claims and approves; the applicant follows it in send and done', async ({
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const people = await leavePeople(request, tag);
  const reason = `回家探亲${tag}`;

  const applicant = await signInApart(browser, people.applicant.account);
  await startLeave(applicant, {
    process: LEAVE,
    approver: people.hr.name,
    from: daysFromNow(1),
    to: daysFromNow(3), // two whole days: the manager's path
    reason,
  });
  await expect(rowOf(applicant, LEAVE)).toContainText('人事审批');
  await expect(rowOf(applicant, LEAVE)).toContainText('进行中');

  // HR finds it in todo; its diagram shows where it waits in the primary colour, what is done in
  // the success colour, the flow taken in the warning colour.
  const hr = await signInApart(browser, people.hr.account);
  await rowAction(hr, '/work/todo', '人事审批', '跟踪');
  const chart = hr.getByRole('dialog');
  await expect(chart.getByText('流程图')).toBeVisible();
  expect(await diagramStates(chart)).toEqual({ done: ['start'], current: ['hrTask'], taken: ['startFlow'] });
  const [current, done, taken, untouched] = await Promise.all(
    ['hrTask', 'start', 'startFlow', 'bossTask'].map((id) => strokeOf(chart, id)),
  );
  expect(new Set([current, done, taken, untouched]).size, 'four different strokes').toBe(4);
  await expect(chart.getByRole('link', { name: /bpmn\.io/i })).toBeVisible(); // the license's watermark
  await hr.keyboard.press('Escape');
  await expect(chart).toHaveCount(0);

  // HR sends it back with a reason.
  await rowAction(hr, '/work/todo', '人事审批', '办理');
  await expect(hr.getByRole('main')).toContainText(reason);
  await expect(hr.getByRole('main')).toContainText(people.applicant.name);
  await expect(hr.getByRole('button', { name: /^同\s*意$/ })).toBeVisible();
  await expectClean(hr);
  // a rejection says why
  await hr.getByRole('button', { name: /^驳\s*回$/ }).click();
  await expect(hr.getByText('请填写审批意见')).toBeVisible();
  await decide(hr, '驳回', '请补充交接安排');
  await expect(rowOf(hr, '人事审批')).toHaveCount(0);

  // The applicant's own step: resubmit or close.
  await rowAction(applicant, '/work/todo', '调整申请', '办理');
  await expect(applicant.getByRole('button', { name: /^重新申请$/ })).toBeVisible();
  await expect(applicant.getByRole('button', { name: /^关闭申请$/ })).toBeVisible();
  await expect(applicant.locator('.ant-timeline')).toContainText('请补充交接安排');
  await decide(applicant, '重新申请', '已补充交接安排');

  await rowAction(hr, '/work/todo', '人事审批', '办理');
  await decide(hr, '同意', '同意，注意交接');

  // Two whole days: a manager's step, which any member of the role may claim.
  const manager = await signInApart(browser, people.manager.account);
  await claim(manager, '经理审批');
  await rowAction(manager, '/work/todo', '经理审批', '办理');
  const handled = manager.getByRole('main');
  expect(await diagramStates(handled)).toMatchObject({
    current: ['managerTask'],
    taken: expect.arrayContaining(['startFlow', 'hrRejectFlow', 'applyPassFlow', 'hrPassFlow', 'judgeLess']),
  });
  await decide(manager, '同意', '准假');

  // The applicant sees it finished in send, and their own step in done, each with the whole history.
  await applicant.goto('/work/send');
  await expect(rowOf(applicant, LEAVE)).toContainText('已完成');
  await rowAction(applicant, '/work/send', LEAVE, '详情');
  await expect(applicant).toHaveURL(/\/work\/process\/leave\/detail\//);
  await expect(applicant.getByRole('main')).toContainText(reason);
  const expected = [
    '开始',
    '人事审批',
    '请补充交接安排',
    '调整申请',
    '已补充交接安排',
    '人事审批',
    '同意，注意交接',
    '经理审批',
    '准假',
    '结束',
  ];
  const history = (await historyLines(applicant)).join('\n');
  let at = -1;
  for (const text of expected) {
    const next = history.indexOf(text, at + 1);
    expect(next, `"${text}" after the one before it in:\n${history}`).toBeGreaterThan(at);
    at = next;
  }
  expect(await diagramStates(applicant.getByRole('main'))).toMatchObject({ current: [] });
  await expectClean(applicant);

  await rowAction(applicant, '/work/done', '调整申请', '详情');
  await expect(applicant.getByRole('main')).toContainText('准假');
  for (const page of [applicant, hr, manager]) await page.context().close();
});

test('the reject path: HR rejects, the applicant closes the request; it ends with their comments', async ({
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const people = await leavePeople(request, tag);
  const applicant = await signInApart(browser, people.applicant.account);
  await startLeave(applicant, {
    process: LEAVE,
    approver: people.hr.name,
    from: daysFromNow(1),
    to: daysFromNow(6),
    reason: `出国旅行${tag}`,
  });

  const hr = await signInApart(browser, people.hr.account);
  await rowAction(hr, '/work/todo', '人事审批', '办理');
  await decide(hr, '驳回', '旺季人手不足');
  await rowAction(applicant, '/work/todo', '调整申请', '办理');
  await decide(applicant, '关闭申请', '不请了');

  await applicant.goto('/work/send');
  await expect(rowOf(applicant, LEAVE)).toContainText('已完成');
  await rowAction(applicant, '/work/send', LEAVE, '详情');
  const lines = await historyLines(applicant);
  const history = lines.join('\n');
  expect(history).toContain('旺季人手不足');
  expect(history).toContain('不请了');
  expect(lines.at(-1), 'it ended').toMatch(/^结束/);
  const states = await diagramStates(applicant.getByRole('main'));
  expect(states.current).toEqual([]);
  expect(states.done).toEqual(expect.arrayContaining(['applyTask', 'end']));
  expect(states.taken).toEqual(expect.arrayContaining(['hrRejectFlow', 'applyCloseFlow']));
  // nobody has it to do any more
  for (const page of [applicant, hr]) {
    await page.goto('/work/todo');
    await expect(page.locator('.ant-empty-description')).toHaveText('暂无数据');
    await expect(page.locator('tr.ant-table-row')).toHaveCount(0);
  }
  for (const page of [applicant, hr]) await page.context().close();
});
