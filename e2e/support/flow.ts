import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs, pathOf, signInAnswer, type TreeNode, tokenOf } from './api.ts';
import { closeWith, confirmDialog, dialog, fill, rowOf } from './crud.ts';
import { ADMIN_PASSWORD, signIn } from './session.ts';
import { DEMO_TENANT } from './warehouse.ts';

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

/**
 * A process of one step, with its drawing: start → the task (`id`, `name`, its Flowable attributes,
 * e.g. `flowable:assignee="${taskUser}"`) → end.
 */
export function oneStepBpmn(key: string, name: string, task: { id: string; name: string; people: string }): string {
  const node = (id: string, x: number, y: number, w: number, h: number) =>
    `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`;
  const edge = (id: string, from: number, to: number) =>
    `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}"><di:waypoint x="${from}" y="118" /><di:waypoint x="${to}" y="118" /></bpmndi:BPMNEdge>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="d" targetNamespace="http://cloud-warehouse/e2e">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="start" name="开始" />
    <userTask id="${task.id}" name="${task.name}" ${task.people} />
    <endEvent id="end" name="结束" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="${task.id}" />
    <sequenceFlow id="f2" sourceRef="${task.id}" targetRef="end" />
  </process>
  <bpmndi:BPMNDiagram id="dd"><bpmndi:BPMNPlane id="p" bpmnElement="${key}">
    ${node('start', 100, 100, 36, 36)}${node(task.id, 200, 78, 100, 80)}${node('end', 360, 100, 36, 36)}
    ${edge('f1', 136, 200)}${edge('f2', 300, 360)}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;
}

/** An outbound approval process: one step, claimed by a member of the `manager` role. */
export const approvalBpmn = (key: string) =>
  oneStepBpmn(key, '出库审批', { id: 'approve', name: '出库审批', people: 'flowable:candidateGroups="manager"' });

/**
 * The pages of a process's own business with real ids, set up through the API: a leave request of
 * the platform administrator to themself (form, handle, detail), and in the demo tenant an outbound
 * request waiting for approval (handle, detail; the approval is switched off again after it).
 */
export async function processPages(request: APIRequestContext) {
  const answer = await signInAnswer(request, 'admin', ADMIN_PASSWORD);
  const { access_token: token, user_id: adminId } = (await answer.json()) as { access_token: string; user_id: string };
  const admin = apiAs(request, token);
  const starts = await admin.get<{ records: { id: string; key: string }[] }>(
    '/api/blade-flow/work/start-list?size=100',
  );
  const leave = starts.records.find((d) => d.key === 'Leave')!;
  await admin.post('/api/blade-desk/process/leave/start-process', {
    processDefinitionId: leave.id,
    startTime: '2026-12-01 09:00:00',
    endTime: '2026-12-03 09:00:00',
    reason: '年假',
    taskUser: adminId,
  });
  const todo = await admin.get<{ records: { taskId: string; processInstanceId: string; businessId: string }[] }>(
    '/api/blade-flow/work/todo-list',
  );
  const task = todo.records[0]!;

  const demo = apiAs(request, await tokenOf(request, 'admin', ADMIN_PASSWORD, DEMO_TENANT));
  const upload = await request.post('/api/blade-flow/manager/deploy-upload', {
    headers: demo.headers,
    multipart: {
      category: 'flow_2',
      files: {
        name: 'sweep.bpmn20.xml',
        mimeType: 'application/xml',
        buffer: Buffer.from(approvalBpmn('SweepApproval')),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const devices = await demo.get<TreeNode[]>('/api/blade-warehouse/device/select');
  const find = (nodes: TreeNode[]): TreeNode | undefined =>
    nodes.find((n) => n.title === '智能柜 1 号') ?? find(nodes.flatMap((n) => n.children ?? []));
  const device = find(devices)!;
  const materials = await demo.get<{ id: string; code: string }[]>('/api/warehouse/materialscode/select');
  const persons = await demo.get<{ id: string; name: string }[]>('/api/warehouse/faceimg/select');
  const setting = { processKey: 'SweepApproval', thresholdKind: 'quantity', threshold: 0 };
  await demo.post('/api/warehouse/delivery/approval-setting', { ...setting, enabled: 1 });
  let delivery: { id: string; processInstanceId: string };
  try {
    delivery = await demo.post('/api/warehouse/delivery/save', {
      deviceId: device.id,
      personId: persons.find((p) => p.name === '李娜')!.id,
      purpose: '巡检领用',
      items: [{ materialCodeId: materials.find((m) => m.code === 'M-0001')!.id, quantity: 1 }],
    });
  } finally {
    await demo.post('/api/warehouse/delivery/approval-setting', { ...setting, enabled: 0 });
  }
  const history = await demo.get<{ taskId: string | null }[]>(
    `/api/blade-flow/process/history-flow-list?processInstanceId=${delivery.processInstanceId}`,
  );
  const approval = history.at(-1)!.taskId!;
  return {
    platform: [
      `/work/process/leave/form/${encodeURIComponent(leave.id)}`,
      `/work/process/leave/handle/${task.taskId}/${task.processInstanceId}/${task.businessId}`,
      `/work/process/leave/detail/${task.processInstanceId}/${task.businessId}`,
    ],
    demo: [
      `/work/process/delivery/handle/${approval}/${delivery.processInstanceId}/${delivery.id}`,
      `/work/process/delivery/detail/${delivery.processInstanceId}/${delivery.id}`,
    ],
    /** Withdraws the outbound request: no open work is left behind. */
    done: () => demo.post(`/api/warehouse/delivery/cancel?ids=${delivery.id}`),
  };
}
