import { expect, type Page, test } from '@playwright/test';
import { apiAs, tokenOf } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { CANCEL, closeWith, fill } from '../../support/crud.ts';
import { recordDialog } from '../../support/crud-in.ts';
import { approvalBpmn, claim, decide, managerRoleId, person, rowAction, signInApart } from '../../support/flow.ts';
import { ADMIN_PASSWORD } from '../../support/session.ts';
import { DEMO_TENANT, main, signInDemo, stockOf } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(240_000);

const KEY = 'OutboundApproval';
const APPROVAL_BPMN = approvalBpmn(KEY);

const DEVICE = '智能柜 1 号';
const MATERIAL = 'M-0001';

/** An outbound through the delivery screen; answers its row. */
async function requestOutbound(page: Page, purpose: string, quantity: number) {
  await page.goto('/warehouse/delivery');
  await main(page)
    .getByRole('button', { name: /^新\s*增$/ })
    .click();
  const dialog = recordDialog(page);
  await fill(page, dialog, {
    设备: { choose: DEVICE },
    领用人: { choose: '李娜' },
    用途: purpose,
    '物资 1': { choose: MATERIAL },
    '数量 1': String(quantity),
  });
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(dialog).toHaveCount(0);
  return main(page).locator('tr.ant-table-row').filter({ hasText: purpose });
}

/**
 * Outbound approval in the demo tenant: the process deployed from /flow/deploy, switched on in
 * 审批设置 (over 5 in total quantity), a request over it waits and moves no stock; a manager claims
 * and approves it from their work list (seeing its lines against the stock now): the stock moves,
 * and the list and the view show the approval and its history; another is rejected with a comment
 * and moves nothing. The setting is switched off again whatever happens (other specs issue stock).
 */
test('an outbound request over the threshold waits for approval; approved it moves the stock, rejected it does not', async ({
  page,
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const admin = apiAs(request, await tokenOf(request, 'admin', ADMIN_PASSWORD, DEMO_TENANT));
  const approver = await person(admin, `approver-${tag}`, `审批${tag.slice(-5)}`, await managerRoleId(admin));
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInDemo(page);

  // Deployed through the upload screen; a file that is no BPMN is refused with the server's reason.
  await page.goto('/flow/deploy');
  const form = page.locator('form#flow-deploy');
  await fill(page, form, { 流程分类: { choose: '报销流程' } });
  const files = form.locator('input[type=file]');
  await files.setInputFiles({ name: 'notes.bpmn', mimeType: 'application/xml', buffer: Buffer.from('<notes/>') });
  await page.getByRole('button', { name: /^部\s*署$/ }).click();
  await expect(page.locator('.ant-message-error')).toContainText('notes.bpmn');
  await form.getByRole('button', { name: '删除文件' }).click();
  await files.setInputFiles({
    name: 'outbound-approval.bpmn20.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(APPROVAL_BPMN),
  });
  await page.getByRole('button', { name: /^部\s*署$/ }).click();
  await expect(page.getByText('已部署 1 个文件')).toBeVisible();

  try {
    await page.goto('/warehouse/delivery');
    await main(page).getByRole('button', { name: '审批设置' }).click();
    const setting = page.getByRole('dialog');
    await setting.getByRole('switch', { name: '出库审批' }).click();
    await fill(page, setting, { 审批流程: KEY, 阈值: '5' });
    await setting.getByLabel('总数量').check();
    await setting.getByRole('button', { name: /提\s*交/ }).click();
    await expect(setting).toHaveCount(0);

    const before = await stockOf(page, DEVICE, MATERIAL);
    const approved = await requestOutbound(page, `e2e 审批领用${tag}`, 6);
    await expect(page.getByText('出库申请已提交, 审批通过后出库')).toBeVisible();
    await expect(approved).toContainText('待审批');
    expect(await stockOf(page, DEVICE, MATERIAL)).toBe(before);

    // The manager claims it and sees what it asks against the stock now.
    const manager = await signInApart(browser, approver.account, DEMO_TENANT);
    await claim(manager, '出库审批');
    await rowAction(manager, '/work/todo', '出库审批', '办理');
    await expect(manager).toHaveURL(/\/work\/process\/delivery\/handle\//);
    const asked = manager.getByRole('main');
    await expect(asked).toContainText(`e2e 审批领用${tag}`);
    await expect(asked).toContainText(`库存 ${before}`);
    await expect(asked.locator('figure.cw-diagram .djs-element.flow-current')).toHaveAttribute(
      'data-element-id',
      'approve',
    );
    await decide(manager, '同意', '同意领用');

    await page.goto('/warehouse/delivery');
    await expect(approved).toContainText('已批准');
    expect(await stockOf(page, DEVICE, MATERIAL)).toBe(before - 6);
    await page.goto('/warehouse/delivery');
    await approved.getByRole('button', { name: /^查\s*看$/ }).click();
    const view = recordDialog(page);
    await expect(view.getByText('已批准')).toBeVisible();
    await expect(view.locator('.ant-timeline')).toContainText('同意领用');
    await closeWith(view, CANCEL);

    // Rejected: closed with the comment, nothing moved.
    const rejected = await requestOutbound(page, `e2e 驳回领用${tag}`, 7);
    await claim(manager, '出库审批');
    await rowAction(manager, '/work/todo', '出库审批', '办理');
    await decide(manager, '驳回', '超出月度计划');
    await page.goto('/warehouse/delivery');
    await expect(rejected).toContainText('已驳回');
    await rejected.getByRole('button', { name: /^查\s*看$/ }).click();
    await expect(view.locator('.ant-timeline')).toContainText('超出月度计划');
    await closeWith(view, CANCEL);
    expect(await stockOf(page, DEVICE, MATERIAL)).toBe(before - 6);
    await manager.context().close();
  } finally {
    await admin.post('/api/warehouse/delivery/approval-setting', { enabled: 0, processKey: KEY, threshold: 0 });
  }
});
