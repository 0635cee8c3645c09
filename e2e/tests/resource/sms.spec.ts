import { expect, test } from '@playwright/test';
import { type SmsStub, startSmsStub } from '../../../server/test/support/sms-stub.ts';
import { apiAs, tokenOf } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { add, CANCEL, closeWith, confirmDialog, dialog, rowOf } from '../../support/crud.ts';
import { openSignedIn } from '../../support/session.ts';
import { seriousViolations } from '../../support/sweep.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(90_000); // a send round trip, two dialogs and two axe runs

// A stand-in for Aliyun on loopback that checks the V3 signature as Aliyun does (the server suite's
// stub): the configuration made in the browser points its endpoint at it, so a real send goes through.
let stub: SmsStub;
test.beforeAll(async () => {
  stub = await startSmsStub();
  stub.accounts.set('LTAI-e2e-key', 'e2e-Secret-Aliyun');
  stub.templates.add('SMS_E2E');
  stub.signs.add('云仓');
});
test.afterAll(() => stub.close());

// A retry starts where the first try did: no configuration of its own, none enabled.
test.beforeEach(async ({ request }) => {
  const api = apiAs(request, await tokenOf(request));
  const { records } = await api.get<{ records: { id: string }[] }>('/api/blade-resource/sms/list?smsCode=e2e-sms');
  if (records.length) await api.post(`/api/blade-resource/sms/remove?ids=${records.map((r) => r.id).join(',')}`);
});

test('SMS: a configuration made in the browser, enabled, and a test send checked then sent', async ({ page }) => {
  await openSignedIn(page, '/resource/sms');
  // the screen's first load (its chunk, the dictionary) can take a while on a busy machine
  await expect(page.getByTestId('sms-active')).toContainText('尚未启用短信配置', { timeout: 15_000 });
  await add(page, {
    资源编号: 'e2e-sms',
    模板ID: 'SMS_E2E',
    '访问密钥(accessKey)': 'LTAI-e2e-key',
    '私有密钥(secretKey)': 'e2e-Secret-Aliyun',
    短信签名: '云仓',
    服务地址: stub.url,
  });
  const row = rowOf(page, 'e2e-sms');
  await expect(row).toContainText('阿里云');
  await expect(row).toContainText('未启用');
  await expect(page.locator('main')).not.toContainText('e2e-Secret-Aliyun');

  await row.getByRole('button', { name: /^启\s*用$/ }).click();
  await confirmDialog(page);
  await expect(row).toContainText('已启用');
  await expect(row.getByRole('button', { name: /^启\s*用$/ })).toHaveCount(0);
  await expect(page.getByTestId('sms-active')).toContainText('当前启用：e2e-sms（阿里云）');

  // spec §5's phone rules, before anything is sent
  await row.getByRole('button', { name: /^发送调试$/ }).click();
  const phones = dialog(page).getByLabel('手机号码', { exact: true });
  const submit = dialog(page).getByRole('button', { name: /提\s*交/ });
  await phones.fill('1380013800');
  await submit.click();
  await expect(dialog(page).getByText('手机号码长度不为11位')).toBeVisible();
  await phones.fill('23800138000');
  await submit.click();
  await expect(dialog(page).getByText('手机号码格式不正确')).toBeVisible();
  expect(stub.bodies).toEqual([]);
  expect(await seriousViolations(page, '.ant-modal'), 'axe (dialog)').toEqual([]);

  await phones.fill('13800138000');
  await submit.click();
  // the add's message may still be leaving
  await expect(page.locator('.ant-message-notice').filter({ hasText: '短信发送成功' })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  expect(stub.sent).toEqual([
    { provider: 'aliyun', phones: ['13800138000'], template: 'SMS_E2E', sign: '云仓', params: { code: '1234' } },
  ]);

  // the provider's refusal reaches the user as what to fix
  stub.templates.delete('SMS_E2E');
  await row.getByRole('button', { name: /^发送调试$/ }).click();
  await dialog(page).getByLabel('手机号码', { exact: true }).fill('13800138000');
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await expect(page.locator('.ant-message-error')).toContainText('短信模板不存在或未审核通过');
  await closeWith(dialog(page), CANCEL);

  expect(await seriousViolations(page, 'main'), 'axe').toEqual([]);
});
