import { expect, type Page, test } from '@playwright/test';
import { apiAs, signInAnswer } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { confirmDialog, dialog, fill, rowOf } from '../../support/crud.ts';
import { diagramStates, oneStepBpmn } from '../../support/flow.ts';
import { ADMIN_PASSWORD, signIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(180_000);

/** One step, assigned to the approver the leave form names. */
const processXml = (key: string) =>
  oneStepBpmn(key, `管理测试${key.slice(-5)}`, { id: 'task', name: '审核', people: 'flowable:assignee="${taskUser}"' });

const rowAct = (page: Page, text: string, action: string) =>
  rowOf(page, text)
    .getByRole('button', { name: new RegExp(`^${[...action].join('\\s*')}$`) })
    .click();

/**
 * 流程管理 and 流程跟踪 as the platform administrator: a definition's diagram and state (suspended,
 * it is not offered to start), a running instance's diagram and its deletion with a reason, and the
 * deletion of a deployment that still runs an instance: refused, then done with its instances.
 */
test('definitions: diagram, suspend and activate, delete the deployment (refused while it runs, then with its instances); running instances: diagram, delete with a reason', async ({
  page,
  request,
}) => {
  const key = `mgr_${Date.now().toString(36)}`;
  const answer = await signInAnswer(request, 'admin', ADMIN_PASSWORD);
  const { access_token: token, user_id: adminId } = (await answer.json()) as { access_token: string; user_id: string };
  const admin = apiAs(request, token);
  const model = await admin.post<{ id: string }>('/api/blade-flow/model/submit', {
    name: `管理测试${key.slice(-5)}`,
    modelKey: key,
    modelEditorXml: processXml(key),
  });
  const [definition] = await admin.post<{ id: string }[]>(
    `/api/blade-flow/model/deploy?modelId=${model.id}&category=flow_1`,
  );
  const start = (reason: string) =>
    admin.post('/api/blade-desk/process/leave/start-process', {
      processDefinitionId: definition!.id,
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-02 09:00:00',
      reason,
      taskUser: adminId,
    });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);

  // The definition's diagram: its drawing, nothing done yet.
  await page.goto('/flow/manager');
  await expect(rowOf(page, key)).toContainText('激活');
  await rowAct(page, key, '流程图');
  expect(await diagramStates(dialog(page))).toEqual({ done: [], current: [], taken: [] });
  await expect(dialog(page).locator('[data-element-id="task"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);

  // Suspended, it is not offered to start; activated, it is again.
  await rowAct(page, key, '变更状态');
  await confirmDialog(page);
  await expect(page.getByText(`挂起ID为 [${definition!.id}] 的流程成功`)).toBeVisible();
  await expect(rowOf(page, key)).toContainText('挂起');
  await page.goto('/work/start');
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(rowOf(page, key)).toHaveCount(0);
  await page.goto('/flow/manager');
  await rowAct(page, key, '变更状态');
  await confirmDialog(page);
  await expect(rowOf(page, key)).toContainText('激活');

  // A running instance: its diagram where it waits, then deleted with a reason.
  await start('跟踪测试');
  await page.goto('/flow/follow');
  await rowAct(page, key, '流程图');
  expect(await diagramStates(dialog(page))).toEqual({ done: ['start'], current: ['task'], taken: ['f1'] });
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await rowAct(page, key, '删除');
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await expect(dialog(page).getByText('请输入删除原因')).toBeVisible(); // a reason is required
  await fill(page, dialog(page), { 删除原因: '测试删除' });
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(rowOf(page, key)).toHaveCount(0);

  // A deployment with an instance running: refused, then deleted with it.
  await start('删除部署测试');
  await page.goto('/flow/manager');
  await rowAct(page, key, '删除');
  const remove = dialog(page);
  await remove.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.locator('.ant-message-error')).toContainText('运行中的流程实例');
  await expect(remove).toBeVisible();
  await remove.getByRole('switch', { name: '同时结束运行中的流程' }).click();
  await remove.getByRole('button', { name: /提\s*交/ }).click();
  await expect(remove).toHaveCount(0);
  await expect(rowOf(page, key)).toHaveCount(0);
  await page.goto('/flow/follow');
  await expect(page.locator('tr.ant-table-row').filter({ hasText: key })).toHaveCount(0);
});
