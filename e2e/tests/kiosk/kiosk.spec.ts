import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiAs, tokenOf } from '../../support/api.ts';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { confirmDialog } from '../../support/crud.ts';
import { crudIn } from '../../support/crud-in.ts';
import { watchCsp } from '../../support/csp.ts';
import { faces } from '../../support/faces.ts';
import { expectTouchLayout, kioskButton, kioskWorld } from '../../support/kiosk.ts';
import { expectPageLanguage } from '../../support/language.ts';
import { openSignedIn } from '../../support/session.ts';
import { cellText, main, signInDemo } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);
// the server loads its face models on the first photo
test.describe.configure({ timeout: 180_000 });

/** What the Content-Security-Policy blocked on each kiosk page (the camera must keep working under it). */
const cspViolations = new WeakMap<Page, () => Promise<string[]>>();

/** A kiosk: its own browser context (no staff session), a touch screen of the given size. */
async function openKiosk(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN', hasTouch: true });
  await context.grantPermissions(['camera']);
  const page = await context.newPage();
  cspViolations.set(page, await watchCsp(page));
  await page.goto('/warehouse/outWarehouse');
  return page;
}

/** The device screen's 终端密钥 action: the key, read from the dialog that shows it once. */
async function createKeyOnDeviceScreen(page: Page, deviceName: string): Promise<string> {
  await openSignedIn(page, '/warehouse/device');
  const devices = crudIn(page, main(page));
  await devices.search({ 设备名称: deviceName });
  await devices.rowOf(deviceName).getByRole('button', { name: '终端密钥' }).click();
  await confirmDialog(page);
  const dialog = page.getByRole('dialog').filter({ hasText: '终端密钥' });
  await expect(dialog).toContainText('/warehouse/outWarehouse');
  const key = (await dialog.locator('code').textContent())?.trim() ?? '';
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  return key;
}

/** From the start screen through the fake camera to the pick screen. */
async function recogniseByCamera(kiosk: Page) {
  await kioskButton(kiosk, '开始领料').click();
  await expect(kiosk.getByRole('heading', { name: '请正对摄像头' })).toBeVisible();
  await expect(kioskButton(kiosk, '拍照识别')).toBeEnabled();
  await kioskButton(kiosk, '拍照识别').click();
  await expect(kiosk.getByRole('heading', { name: /您好/ })).toBeVisible({ timeout: 90_000 });
}

test('the kiosk: paired on the device screen, a person recognised by the camera takes what their warrant allows', async ({
  page,
  browser,
  request,
}) => {
  const api = apiAs(request, await tokenOf(request));
  const world = await kioskWorld(request, api, await faces.man());
  const materialRow = (kiosk: Page) =>
    kiosk.getByTestId('kiosk-material').filter({ hasText: `E2E 手套 ${world.stamp}` });

  const stockHere = async () =>
    Number(
      (
        await api.get<{ records: { quantity: string }[] }>(
          `/api/warehouse/materials/page?deviceId=${world.device.id}&materialCodeId=${world.material.id}`,
        )
      ).records[0]?.quantity,
    );

  const outToday = async () =>
    Number((await api.get<{ todayOutQuantity: string }>('/api/warehouse/report/keyFigures')).todayOutQuantity);
  const outBefore = await outToday();

  const key = await createKeyOnDeviceScreen(page, `E2E 领料终端 ${world.stamp}`);
  expect(key).toMatch(new RegExp(`^000000\\.${world.device.id}\\.`));

  const kiosk = await openKiosk(browser, 1024, 768);
  await expect(kiosk.getByRole('heading', { name: '终端配对' })).toBeVisible();
  await expectPageLanguage(kiosk, 'zh');
  await kiosk.getByLabel('终端密钥').fill('000000.1.not-a-key');
  await kioskButton(kiosk, '配 对').click();
  // a key that never was one is told so, not reported as revoked
  await expect(kiosk.getByRole('alert')).toContainText('终端密钥无效: 没有这个密钥');
  await kiosk.getByLabel('终端密钥').fill(key);
  await kioskButton(kiosk, '配 对').click();
  await expect(kiosk.getByRole('heading', { name: '刷脸领料' })).toBeVisible();
  await expect(kiosk.getByRole('banner')).toContainText(`E2E 领料终端 ${world.stamp}`);
  await expectTouchLayout(kiosk);

  // Recognised: the warrant allows 3 today out of the 10 in stock.
  await recogniseByCamera(kiosk);
  await expect(kiosk.getByRole('heading', { name: /您好/ })).toContainText(`E2E 王五 ${world.stamp}`);
  expect(await cspViolations.get(kiosk)?.()).toEqual([]);
  const row = materialRow(kiosk);
  await expect(row).toContainText('库存 10 双');
  await expect(row).toContainText('今日可领 3');
  await expectTouchLayout(kiosk);
  await expectPageLanguage(kiosk, 'zh');
  const quantity = row.getByRole('textbox');
  await quantity.fill('5');
  await expect(row).toContainText('最多可领 3');
  await expect(kioskButton(kiosk, '确认领取')).toBeDisabled();
  await quantity.fill('');
  await row.getByRole('button', { name: /增加/ }).click();
  await row.getByRole('button', { name: /增加/ }).click();
  await expect(quantity).toHaveValue('2');
  await kioskButton(kiosk, '确认领取').click();

  await expect(kiosk.getByRole('heading', { name: '领料成功' })).toBeVisible();
  const deliveryNo = await kiosk
    .getByRole('row', { name: /出库单号/ })
    .locator('td')
    .textContent();
  expect(deliveryNo).toMatch(/^DL\d+$/);
  await expect(kiosk.getByRole('row', { name: /出库时间/ })).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d/);
  await expect(kiosk.getByRole('img', { name: '出库单二维码' })).toBeVisible();
  await expect(kiosk.getByRole('main')).toContainText('2 双');
  await expectTouchLayout(kiosk);

  // The server agrees: stock 8, the delivery recorded for the person from the kiosk.
  expect(await stockHere()).toBe(8);
  const deliveries = await api.get<{ records: { deliveryNo: string; personId: string; source: string }[] }>(
    `/api/warehouse/delivery/page?deviceId=${world.device.id}`,
  );
  expect(deliveries.records).toEqual([
    expect.objectContaining({ deliveryNo, personId: world.person.id, source: 'kiosk' }),
  ]);

  // The manager sees it: the home page's outbound today, and the material's outbound in the report.
  await page.goto('/wel/index');
  const figure = main(page)
    .locator('.ant-statistic')
    .filter({ hasText: '今日出库数量' })
    .locator('.ant-statistic-content');
  await expect.poll(async () => Number(((await figure.textContent()) ?? '').replace(/,/g, ''))).toBe(outBefore + 2);
  await page.goto('/warehouse/report');
  const panel = main(page).getByRole('tabpanel');
  await main(page).getByRole('tab', { name: '出入库统计' }).click();
  await crudIn(page, panel).search({ 关键字: `E2E-M-${world.stamp}` });
  const reportRow = panel.locator('tr.ant-table-row');
  await expect(reportRow).toHaveCount(1);
  expect(Number(await cellText(panel, reportRow, '出库数量'))).toBe(2);
  expect(Number(await cellText(panel, reportRow, '入库数量'))).toBe(10);

  // Back at the start, the same person now has 1 left today.
  await kioskButton(kiosk, '完 成').click();
  await recogniseByCamera(kiosk);
  await expect(materialRow(kiosk)).toContainText('今日可领 1');
  await expect(materialRow(kiosk)).toContainText('库存 8 双');

  // The warrant is disabled while they pick: the server refuses, and nothing is left to take.
  await api.post('/api/warehouse/warrant/submit', { id: world.warrant.id, personId: world.person.id, enabled: 0 });
  await materialRow(kiosk).getByRole('button', { name: /增加/ }).click();
  await kioskButton(kiosk, '确认领取').click();
  await expect(kiosk.getByRole('heading', { name: '超出授权' })).toBeVisible();
  await kioskButton(kiosk, '返回修改').click();
  await expect(kiosk.getByRole('heading', { name: '没有可领用的物料' })).toBeVisible();
  await kioskButton(kiosk, '返回首页').click();
  expect(await stockHere()).toBe(8);

  await kiosk.close();
});

test('the kiosk at 1920x1080, in English, and unpaired when its key is revoked', async ({ page, browser, request }) => {
  const api = apiAs(request, await tokenOf(request));
  const world = await kioskWorld(request, api, await faces.man());
  const key = await api.post<string>(`/api/blade-warehouse/device/kiosk-key?id=${world.device.id}`);
  const kiosk = await openKiosk(browser, 1920, 1080);
  await kiosk.getByText('English').click();
  await expect(kiosk.getByRole('heading', { name: 'Pair this kiosk' })).toBeVisible();
  await kiosk.getByLabel('Kiosk key').fill(key);
  await kioskButton(kiosk, 'Pair').click();
  await expect(kiosk.getByRole('heading', { name: 'Take materials with your face' })).toBeVisible();
  await expectPageLanguage(kiosk, 'en');
  await expectTouchLayout(kiosk);
  await kioskButton(kiosk, 'Start').click();
  await kioskButton(kiosk, 'Scan my face').click();
  await expect(kiosk.getByRole('heading', { name: /Hello/ })).toBeVisible({ timeout: 90_000 });
  await expectPageLanguage(kiosk, 'en');
  await expectTouchLayout(kiosk);
  await kioskButton(kiosk, 'Cancel').click();

  // Revoked on the device screen: the kiosk's next call finds it unpaired.
  await openSignedIn(page, '/warehouse/device');
  const devices = crudIn(page, main(page));
  await devices.search({ 设备名称: `E2E 领料终端 ${world.stamp}` });
  await devices.rowOf(`E2E 领料终端 ${world.stamp}`).getByRole('button', { name: '撤销密钥' }).click();
  await confirmDialog(page);
  await kiosk.reload();
  await expect(kiosk.getByRole('heading', { name: 'Pair this kiosk' })).toBeVisible();
  await expect(kiosk.getByRole('alert')).toContainText('not valid any more');
  await kiosk.close();
});

test('a kiosk without a camera takes photos instead: a stranger is not recognised, a group is refused', async ({
  browser,
  request,
}) => {
  const api = apiAs(request, await tokenOf(request));
  const world = await kioskWorld(request, api, await faces.man());
  const key = await api.post<string>(`/api/blade-warehouse/device/kiosk-key?id=${world.device.id}`);
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'zh-CN' });
  // This browser's camera refuses, as on a kiosk that has none.
  await context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('no camera', 'NotFoundError'));
  });
  const kiosk = await context.newPage();
  await kiosk.goto('/warehouse/outWarehouse');
  await kiosk.getByLabel('终端密钥').fill(key);
  await kioskButton(kiosk, '配 对').click();
  await kioskButton(kiosk, '开始领料').click();
  // no camera is no failure: the upload is offered calmly, with no alert
  await expect(kiosk.getByRole('heading', { name: '请上传本人照片' })).toBeVisible();
  await expect(kiosk.getByRole('alert')).toHaveCount(0);
  await expectTouchLayout(kiosk);
  const upload = async (name: string, buffer: Buffer) =>
    kiosk.getByTestId('kiosk-upload').setInputFiles({ name, mimeType: 'image/jpeg', buffer });
  await upload('stranger.jpg', await faces.stranger());
  await expect(kiosk.getByRole('heading', { name: '未能识别' })).toBeVisible({ timeout: 60_000 });
  await kioskButton(kiosk, '重新识别').click();
  await upload('group.jpg', faces.group());
  await expect(kiosk.getByRole('heading', { name: '画面中不止一人' })).toBeVisible({ timeout: 60_000 });
  await kioskButton(kiosk, '重新识别').click();
  await upload('me.png', await faces.man());
  await expect(kiosk.getByRole('heading', { name: /您好/ })).toContainText(`E2E 王五 ${world.stamp}`, {
    timeout: 60_000,
  });
  await context.close();
});

test('the demo warehouse: a kiosk of the demo recognises 张伟, whose face the demo enrolled', async ({
  page,
  browser,
}) => {
  await signInDemo(page);
  // enrolled once the server is up (the face models load first): his row shows his photo
  await page.goto('/warehouse/faceimg');
  const zhang = main(page).locator('tr.ant-table-row').filter({ hasText: 'E1001' });
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(zhang).toBeVisible();
        return zhang.locator('img').count();
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(1);

  await page.goto('/warehouse/device');
  const devices = crudIn(page, main(page));
  await devices.search({ 设备名称: '智能柜 1 号' });
  await devices.rowOf('智能柜 1 号').getByRole('button', { name: '终端密钥' }).click();
  await confirmDialog(page);
  const dialog = page.getByRole('dialog').filter({ hasText: '终端密钥' });
  const key = (await dialog.locator('code').textContent())?.trim() ?? '';
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();

  const kiosk = await openKiosk(browser, 1024, 768);
  await kiosk.getByLabel('终端密钥').fill(key);
  await kioskButton(kiosk, '配 对').click();
  // the fake camera shows the man of the face models' sample picture, as the demo enrolled him
  await recogniseByCamera(kiosk);
  await expect(kiosk.getByRole('heading', { name: /您好/ })).toContainText('张伟');
  await kiosk.context().close();
});
