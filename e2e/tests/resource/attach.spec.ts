import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { closeWith, confirmDialog, rowOf, search } from '../../support/crud.ts';
import { watchCsp } from '../../support/csp.ts';
import { openSignedIn, signIn } from '../../support/session.ts';
import { seriousViolations, wrongLanguage } from '../../support/sweep.ts';
import { unreadableCells } from '../../support/table-layout.ts';
import { main } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);

/** The preview's own button (the dialog's × is 关闭 too). */
const CLOSE = /^关 闭$/;

/** A PDF of one empty page: what the preview is given. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Nothing on the screen in the wrong language, and no serious axe finding in the main area. */
async function expectClean(page: Page, language: 'zh' | 'en' = 'zh') {
  expect(await wrongLanguage(page, language), 'wrong language').toEqual([]);
  expect(await seriousViolations(page, 'main'), 'axe').toEqual([]);
}

test('attachments: upload an image and a PDF, see them listed, preview, download the same bytes, remove', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const imageName = `设备照片-${tag}.png`;
  const pdfName = `report-${tag}.pdf`;
  // Noise does not compress: an image of some size, whose upload the throttle below makes last.
  const noise = Buffer.from(Array.from({ length: 160 * 120 * 3 }, (_, i) => (i * 7919) % 251));
  const png = await sharp(noise, { raw: { width: 160, height: 120, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

  const violations = await watchCsp(page);
  await openSignedIn(page, '/resource/attach');
  await expect(main(page).getByRole('columnheader', { name: '附件名称' })).toBeVisible({ timeout: 15_000 });
  await expectClean(page);

  // A slow line, so the upload's progress bar is seen while it goes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: png.length / 2,
  });
  await main(page)
    .locator('input[type=file]')
    .setInputFiles([
      { name: imageName, mimeType: 'image/png', buffer: png },
      { name: pdfName, mimeType: 'application/pdf', buffer: PDF },
    ]);
  await expect(main(page).getByRole('progressbar').first()).toBeVisible();
  await expect(main(page).getByText('正在上传')).toHaveCount(0, { timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const image = rowOf(page, imageName);
  await expect(image).toContainText(`${(png.length / 1024).toFixed(1)} KB`);
  await expect(image).toContainText('png');
  await expect(image).toContainText('管理员');
  await expect(rowOf(page, pdfName)).toContainText(`${PDF.length} B`);
  await expectClean(page);
  // Every cell readable: the table fits a wide window, and scrolls to the actions on a narrower one.
  for (const [width, at] of [
    [1440, 'start'],
    [1024, 'end'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    expect(await unreadableCells(page, at), `${width} px`).toEqual([]);
  }

  // The search finds a file by a part of its name.
  await search(page, { 附件名称: `照片-${tag}` });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(image).toBeVisible();

  // Preview: the image drawn whole in the dialog.
  await image.getByRole('button', { name: /预\s*览/ }).click();
  const shown = page.getByRole('dialog').getByRole('img', { name: imageName });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  expect(await seriousViolations(page, '.ant-modal'), 'axe in the preview').toEqual([]);
  await closeWith(page.getByRole('dialog'), CLOSE);

  // Download: the same bytes, under the original name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    image.getByRole('button', { name: /下\s*载/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(imageName);
  expect(Buffer.compare(await readFile(await download.path()), png)).toBe(0);

  // The PDF's preview frames its link, which answers it as a PDF this origin alone may frame, and
  // the browser's viewer draws it (its frame opens inside), nothing blocked by either policy.
  await search(page, { 附件名称: pdfName });
  const pdf = rowOf(page, pdfName);
  await pdf.getByRole('button', { name: /预\s*览/ }).click();
  const frame = page.getByRole('dialog').locator('iframe');
  await expect(frame).toHaveAttribute('title', pdfName);
  const link = String(await frame.getAttribute('src'));
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://'))).toBe(true);
  expect(await violations(), 'CSP').toEqual([]);
  const answer = await page.request.get(link);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(Buffer.compare(await answer.body(), PDF)).toBe(0);
  await closeWith(page.getByRole('dialog'), CLOSE);

  // Remove: gone from the list and from the store.
  for (const [name, row] of [
    [pdfName, pdf],
    [imageName, image],
  ] as const) {
    await search(page, { 附件名称: name });
    const fileLink = String(await row.getByRole('link').getAttribute('href'));
    await row.getByRole('button', { name: /^删\s*除$/ }).click();
    await confirmDialog(page);
    await expect(row).toHaveCount(0);
    expect((await page.request.get(fileLink)).status()).toBe(404);
  }
  await search(page, { 附件名称: tag });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(0);
});

test('a file over the upload limit is refused with the limit named, and nothing is listed', async ({ page }) => {
  test.setTimeout(60_000);
  const name = `too-big-${Date.now().toString(36)}.bin`;
  await openSignedIn(page, '/resource/attach');
  await expect(main(page).getByRole('columnheader', { name: '附件名称' })).toBeVisible({ timeout: 15_000 });
  // The server's default limit, 20 MB, and a byte more.
  await main(page)
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.alloc(20 * 1024 * 1024 + 1) });
  await expect(page.getByText('文件大小不能超过 20 MB')).toBeVisible({ timeout: 20_000 });
  await expect(main(page).getByText('正在上传')).toHaveCount(0);
  await search(page, { 附件名称: name });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(0);
});

test('the attachment screen in English', async ({ page }) => {
  await signIn(page);
  await page.getByText('English').click();
  await page.goto('/resource/attach');
  await expect(main(page).getByRole('columnheader', { name: 'File name' })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Upload' })).toBeVisible();
  await expectClean(page, 'en');
});
