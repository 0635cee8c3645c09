import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { add, confirmDialog, dialog, rowOf } from '../../support/crud.ts';
import { expectPageLanguage } from '../../support/language.ts';
import { openSignedIn, signIn } from '../../support/session.ts';
import { seriousViolations } from '../../support/sweep.ts';

test.skip(!hasChromium, SKIP_LINE);

const CLOSE = /^(关\s*闭|Close)$/;

test('code generator: a record made from a real table, previewed, downloaded as a ZIP and copied', async ({ page }) => {
  await openSignedIn(page, '/tool/code');
  await add(page, {
    模块名: 'E2E 通知',
    服务名: 'blade-desk',
    表名: { choose: 'blade_notice' },
    表前缀: 'blade_',
    包名: 'desk',
  });
  const row = rowOf(page, 'E2E 通知');
  await expect(row).toContainText('blade_notice');

  await row.getByRole('button', { name: /^预\s*览$/ }).click();
  const preview = page.getByRole('dialog', { name: '代码预览：E2E 通知' });
  const files = preview.getByRole('navigation', { name: '生成的文件' });
  await expect(files.getByRole('menuitem')).toHaveCount(10);
  await files.getByRole('menuitem', { name: 'server/src/modules/desk/notice/resource.ts' }).click();
  await expect(preview.getByTestId('code-preview')).toContainText("table: 'blade_notice',");
  await files.getByRole('menuitem', { name: 'web/src/pages/desk/notice/index.tsx' }).click();
  await expect(preview.getByTestId('code-preview')).toContainText("api: '/blade-desk/notice',");
  expect(await seriousViolations(page)).toEqual([]);
  await preview.getByRole('button', { name: CLOSE }).click();
  await expect(preview).toHaveCount(0);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^代码生成$/ }).click();
  const zip = await download;
  expect(zip.suggestedFilename()).toBe('blade_notice.zip');
  const bytes = fs.readFileSync((await zip.path())!);
  // a ZIP archive, naming the files the preview listed
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(bytes.toString('latin1')).toContain('server/src/modules/desk/notice/routes.ts');
  await expect(page.getByText('代码已生成，压缩包已下载')).toBeVisible();

  await row.getByRole('button', { name: /^复\s*制$/ }).click();
  await confirmDialog(page);
  await expect(rowOf(page, 'E2E 通知-copy')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the code generator in English: the form and the preview', async ({ page }) => {
  await signIn(page);
  await page.getByText('English').click();
  await page.goto('/tool/code');
  await expect(page.getByRole('columnheader', { name: 'Module name' })).toBeVisible();
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(dialog(page).getByLabel('Datasource')).toBeVisible();
  await expect(dialog(page).getByText('Platform database')).toBeVisible();
  // audit columns and wrapper start as BladeX's forms start them: yes
  await expect(dialog(page).getByRole('radio', { name: 'Yes' })).toHaveCount(2);
  for (const yes of await dialog(page).getByRole('radio', { name: 'Yes' }).all()) await expect(yes).toBeChecked();
  // the records' own names stay as they were typed
  await expectPageLanguage(page, 'en', ['E2E 通知']);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await rowOf(page, 'E2E 通知').first().getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('dialog', { name: 'Code preview: E2E 通知' }).getByRole('menuitem')).toHaveCount(10);
  await expectPageLanguage(page, 'en', ['E2E 通知']);
});
