import { expect, type Page, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { CANCEL, closeWith } from '../../support/crud.ts';
import { crudIn, recordDialog } from '../../support/crud-in.ts';
import { main, openDemo } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);
// the server loads its face models on the first photo
test.describe.configure({ timeout: 120_000 });

/** A plain grey picture, drawn by the browser: a readable image with no face in it. */
async function facelessPng(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 160;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#8a8a8a';
    g.fillRect(0, 0, 160, 160);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(data, 'base64');
}

test('face images: a photo with no face is refused; add without a photo, edit, view, delete', async ({ page }) => {
  await openDemo(page, '/warehouse/faceimg');
  const persons = crudIn(page, main(page));
  const dialog = recordDialog(page);

  await main(page)
    .getByRole('button', { name: /^(新\s*增|Add)$/ })
    .click();
  await dialog.getByLabel('姓名', { exact: true }).fill('E2E 无脸');
  const png = await facelessPng(page);
  await dialog.getByLabel('人脸照片').setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('img', { name: '照片' })).toHaveAttribute('src', /oss\/endpoint\/file\//);
  await dialog.getByRole('button', { name: /^(提\s*交|Submit)$/ }).click();
  await expect(page.getByText('照片中没有找到人脸, 请正对镜头、光线充足后重拍').first()).toBeVisible({
    timeout: 60_000,
  });
  await closeWith(dialog, CANCEL);
  await expect(persons.rowOf('E2E 无脸')).toHaveCount(0);

  await persons.add({ 姓名: 'E2E 张三', 工号: 'E2E-001', 联系电话: '13800000000' });
  await persons.search({ 姓名: 'E2E' });
  await expect(persons.rowOf('E2E-001')).toBeVisible();
  await persons.edit('E2E-001', { 联系电话: '13900000000' });
  await persons.view('E2E-001', '联系电话', '13900000000');
  await persons.remove('E2E-001');
});
