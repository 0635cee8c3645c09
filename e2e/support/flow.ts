import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs, pathOf, type TreeNode, tokenOf } from './api.ts';
import { closeWith, confirmDialog, dialog, fill, rowOf } from './crud.ts';
import { signIn } from './session.ts';

export const PASSWORD = 'e2e-flow-pass';

export interface Person {
  id: string;
  account: string;
  /** Their real name, as the pickers and the history show it. */
  name: string;
}

/** The ids of a menu and everything below it in the grant tree. */
const subtree = (node: TreeNode): string[] => [node.id, ...(node.children ?? []).flatMap(subtree)];

/**
 * People of the platform tenant who take part in the leave process, set up through the API: an
 * applicant and an HR approver holding the work menus (a role of their own), and a member of the
 * seeded `manager` role, whose members may claim the manager's step.
 */
export async function leavePeople(request: APIRequestContext, tag: string) {
  const admin = apiAs(request, await tokenOf(request));
  const manager = await managerRoleId(admin);
  const staff = await admin.post<{ id: string }>('/api/blade-system/role/submit', {
    roleName: `员工${tag}`,
    roleAlias: `staff_${tag}`,
    sort: 1,
  });
  const trees = await admin.get<{ menu: TreeNode[] }>('/api/blade-system/menu/grant-tree');
  const work = pathOf(trees.menu, ['我的事务'])[0]!;
  await admin.post('/api/blade-system/role/grant', { roleIds: [staff.id], menuIds: subtree(work) });
  const short = tag.slice(-5); // a real name has at most 10 characters
  return {
    admin,
    applicant: await person(admin, `apply-${tag}`, `申请人${short}`, staff.id),
    hr: await person(admin, `hr-${tag}`, `人事${short}`, staff.id),
    manager: await person(admin, `mgr-${tag}`, `经理${short}`, manager),
  };
}

type Api = ReturnType<typeof apiAs>;

/** The tenant's `manager` role (the seed makes it in every tenant, with the work menus). */
export async function managerRoleId(admin: Api): Promise<string> {
  const roles = await admin.get<(TreeNode & { roleAlias?: string })[]>('/api/blade-system/role/list');
  const manager = roles.find((r) => r.roleAlias === 'manager' || r.title === '经理');
  expect(manager, 'the seed makes the manager role').toBeTruthy();
  return manager!.id;
}

/** A user of the admin's tenant with a role, in its first dept; answers their id. */
export async function person(admin: Api, account: string, name: string, roleId: string): Promise<Person> {
  const depts = await admin.get<TreeNode[]>('/api/blade-system/dept/tree');
  const deptId = depts[0]!.id;
  await admin.post('/api/blade-user/submit', { account, password: PASSWORD, name, realName: name, roleId, deptId });
  const page = await admin.get<{ records: { id: string; account: string }[] }>(
    `/api/blade-user/page?account=${account}`,
  );
  const found = page.records.find((u) => u.account === account)!;
  return { id: found.id, account, name };
}

/** A page of its own (no shared session) signed in as this account (of the platform tenant unless named). */
export async function signInApart(browser: Browser, account: string, tenantId = '000000'): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, account, PASSWORD, tenantId);
  return page;
}

/** A date-time as the pickers take it typed: `yyyy-MM-dd HH:mm:ss`, days from now at 09:00. */
export function daysFromNow(days: number, hour = 9): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:00:00`;
}

/** Types a date-time into an antd picker and confirms it. */
async function pick(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/**
 * Starts a leave request from 发起事务: the process's row (by its name) → 发起 → the leave form,
 * sent to the approver; lands on 已发事务.
 */
export async function startLeave(
  page: Page,
  request: { process: string; approver: string; from: string; to: string; reason: string },
) {
  await page.goto('/work/start');
  await rowOf(page, request.process)
    .getByRole('button', { name: /^发\s*起$/ })
    .click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/form\//);
  const form = page.locator('form#leave-form');
  await fill(page, form, { 审批人: { choose: request.approver } });
  await pick(form, '开始时间', request.from);
  await pick(form, '结束时间', request.to);
  await fill(page, form, { 请假理由: request.reason });
  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page).toHaveURL(/\/work\/send$/);
  await expect(rowOf(page, request.process).first()).toBeVisible();
}

/** The ids of the diagram's elements in each state of spec §4 (the viewer's markers). */
export async function diagramStates(scope: Locator) {
  await expect(scope.locator('figure.cw-diagram .djs-element').first()).toBeVisible();
  const ids = (marker: string) =>
    scope
      .locator(`figure.cw-diagram .djs-element.${marker}`)
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-element-id') ?? '').sort());
  return { done: await ids('flow-done'), current: await ids('flow-current'), taken: await ids('flow-taken') };
}

/** The stroke colour bpmn-js drew an element's outline (a node) or line (a flow) with. */
export const strokeOf = (scope: Locator, id: string) =>
  scope
    .locator(`figure.cw-diagram [data-element-id="${id}"] .djs-visual > :first-child`)
    .evaluate((e) => getComputedStyle(e).stroke);

/** Opens a work list's row action (办理, 详情, 跟踪, 签收) on the row holding `text`. */
export async function rowAction(page: Page, list: string, text: string, action: string) {
  await page.goto(list);
  await rowOf(page, text)
    .first()
    .getByRole('button', { name: new RegExp(`^${[...action].join('\\s*')}$`) })
    .click();
}

/** Decides the handled step: a comment, then the button (同意, 驳回, 重新申请, 关闭申请); back at the todo list. */
export async function decide(page: Page, button: string, comment: string) {
  await expect(page).toHaveURL(/\/work\/process\/\w+\/handle\//);
  await page.locator('form#flow-decision').getByLabel('审批意见').fill(comment);
  await page.getByRole('button', { name: new RegExp(`^${[...button].join('\\s*')}$`) }).click();
  await expect(page).toHaveURL(/\/work\/todo$/);
}

/** Claims the step on the claim list's row holding `text`. */
export async function claim(page: Page, text: string) {
  await rowAction(page, '/work/claim', text, '签收');
  await confirmDialog(page);
  await expect(page.getByText('签收事务成功')).toBeVisible();
  await expect(rowOf(page, text)).toHaveCount(0);
}

/** The history's steps as the timeline shows them, one line each, once it has come. */
export async function historyLines(page: Page): Promise<string[]> {
  await expect(page.locator('.ant-timeline-item').first()).toBeVisible();
  return page.locator('.ant-timeline-item').allInnerTexts();
}

export { closeWith, dialog };
