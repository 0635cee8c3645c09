import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { confirmDialog } from '../../support/crud.ts';
import { crudIn, recordDialog } from '../../support/crud-in.ts';
import { faces } from '../../support/faces.ts';
import { S3_KEYS, startS3 } from '../../support/s3.ts';
import { seriousViolations, wrongLanguage } from '../../support/sweep.ts';
import { main, openDemo } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);
// the server loads its face models on the first photo
test.describe.configure({ timeout: 120_000 });

const BUCKET = 'faces';
let s3: Awaited<ReturnType<typeof startS3>>;
test.beforeAll(async () => {
  s3 = await startS3(BUCKET);
});
test.afterAll(async () => {
  await s3?.close();
});

test('object storage: configure S3, test and enable it; a face photo goes to the bucket and is shown', async ({
  page,
}) => {
  await openDemo(page, '/resource/oss');
  const configs = crudIn(page, main(page));
  const dialog = recordDialog(page);

  await configs.add({
    分类: { choose: 'minio' },
    资源编号: 'e2e-minio',
    资源地址: s3.endpoint,
    空间名: BUCKET,
    '访问密钥 ID': S3_KEYS.accessKey,
    访问密钥: S3_KEYS.secretKey,
  });
  const row = configs.rowOf('e2e-minio');
  await expect(row.getByText('未启用')).toBeVisible();
  // The secret is sealed: never shown again, not even in the edit dialog.
  await row.getByRole('button', { name: /^编\s*辑$/ }).click();
  await expect(dialog.getByLabel('访问密钥', { exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: /^(取\s*消|Cancel)$/ }).click();

  await row.getByRole('button', { name: '测试连接' }).click();
  await expect(page.getByText('连接成功：上传、读取、删除均正常')).toBeVisible();
  await row.getByRole('button', { name: /^启\s*用$/ }).click();
  await confirmDialog(page, /^(确\s*定|OK)$/);
  await expect(row.getByText('已启用')).toBeVisible();
  await expect(row.getByRole('button', { name: /^启\s*用$/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await wrongLanguage(page, 'zh', ['ID'])).toEqual([]);

  // A person enrolled with a photo: stored in the bucket, shown from its link.
  await page.goto('/warehouse/faceimg');
  const persons = crudIn(page, main(page));
  await main(page)
    .getByRole('button', { name: /^新\s*增$/ })
    .click();
  await dialog.getByLabel('姓名', { exact: true }).fill('E2E 桶中人');
  const photo = await faces.man();
  await dialog.getByLabel('人脸照片').setInputFiles({ name: 'man.png', mimeType: 'image/png', buffer: photo });
  const preview = dialog.getByRole('img', { name: '照片' });
  await expect(preview).toHaveAttribute('src', /oss\/endpoint\/file\//);
  const link = (await preview.getAttribute('src'))!;
  const key = decodeURIComponent(new URL(link, page.url()).pathname.split('/file/')[1]!);
  expect(s3.stored(key)?.equals(photo)).toBe(true);
  await dialog.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(dialog).toHaveCount(0, { timeout: 60_000 });

  const thumbnail = persons.rowOf('E2E 桶中人').getByRole('img', { name: '照片' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect((await (await page.request.get(link)).body()).equals(photo)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // Back to the local disk: new files go there, the photo in the bucket is still shown.
  await page.goto('/resource/oss');
  await configs.add({ 分类: { choose: '本地磁盘' }, 资源编号: 'e2e-disk' });
  await configs
    .rowOf('e2e-disk')
    .getByRole('button', { name: /^启\s*用$/ })
    .click();
  await confirmDialog(page, /^(确\s*定|OK)$/);
  await expect(configs.rowOf('e2e-disk').getByText('已启用')).toBeVisible();
  await expect(configs.rowOf('e2e-minio').getByText('未启用')).toBeVisible();
  expect((await (await page.request.get(link)).body()).equals(photo)).toBe(true);
  await page.goto('/warehouse/faceimg');
  const again = persons.rowOf('E2E 桶中人').getByRole('img', { name: '照片' });
  await expect(again).toBeVisible();
  await expect.poll(() => again.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await persons.remove('E2E 桶中人');
});
